// Tests that pass under real Rails 7.2.4 (test/campfire/rails-tests.json) but not yet on the TypeScript target,
// grouped by cause (the failure our run printed, shortened). test/campfire-tests.test.ts runs each as an expected
// failure: when one starts passing, the lane fails until it is taken off this list. Never add an entry without a cause.
export const KNOWN_TEST_FAILURES: { cause: string; tests: string[] }[] = [
  { cause: "declined by the compiler: the reopened ActionText::Attachment (lib/rails_ext/action_text_attachables.rb) raises where OpengraphEmbed.from_node claims a node (an OpenGraph embed attachment)", tests: [
    "test/helpers/content_filters_test.rb#test_unfurled_tweet_without_any_image",
    "test/helpers/content_filters_test.rb#test_unfurled_tweet_containing_an_image",
    "test/helpers/content_filters_test.rb#test_entire_message_contains_an_unfurled_URL_from_x.com_but_unfurls_to_twitter.com",
    "test/helpers/content_filters_test.rb#test_entire_message_contains_an_unfurled_URL_from_x.com_with_query_params",
    "test/helpers/content_filters_test.rb#test_entire_message_contains_an_unfurled_URL",
    "test/helpers/content_filters_test.rb#test_message_includes_additional_text_besides_an_unfurled_URL",
  ] },
  { cause: "declined by the compiler: Nokogiri", tests: [
    "test/models/opengraph/document_test.rb#test_extract_opengraph_tags_using_property_attribute",
    "test/models/opengraph/document_test.rb#test_extract_opengraph_tags_using_name_attribute",
    "test/models/opengraph/document_test.rb#test_document_containing_missing_meta_encoding_tag_and_non-UTF8_characters",
  ] },
  { cause: "declined by the compiler: fixture_file_upload", tests: [
    "test/controllers/accounts/logos_controller_test.rb#test_destroy",
  ] },
  { cause: "declined by the compiler: HTML (Nokogiri::HTML.fragment in test/test_helpers/turbo_test_helper.rb)", tests: [
    "test/controllers/messages_controller_test.rb#test_creating_a_message_broadcasts_the_message_to_the_room",
  ] },
  { cause: "Expected: \u2026", tests: [
    "test/models/action_text_attachment_test.rb#test_lookup_user_attachable_with_invalid_sgid",
  ] },
  { cause: "declined by the compiler: MissingAttachable", tests: [
    "test/models/action_text_attachment_test.rb#test_lookup_attachable_with_nil_sgid",
  ] },
  { cause: "declined by the compiler: Attachable", tests: [
    "test/models/action_text_attachment_test.rb#test_lookup_invalid_sgid_for_an_attachable_requiring_a_valid_sgid",
  ] },
  { cause: "declined by the compiler: Nokogiri (Opengraph::Document.new parses the fetched page, or nil where DNS gives no address; Opengraph::Metadata itself is lowered)", tests: [
    "test/models/opengraph/metadata_test.rb#test_missing_opengraph_meta_tags",
    "test/models/opengraph/metadata_test.rb#test_missing_response_body",
    "test/models/opengraph/metadata_test.rb#test_non_html_response",
    "test/controllers/unfurl_links_controller_test.rb#test_create_with_missing_opengraph_meta_tags",
  ] },
];
