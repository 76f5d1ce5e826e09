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
  { cause: "Validation failed: Creator must exist", tests: [
    "test/models/rooms/direct_test.rb#test_create_room_for_same_users",
    "test/models/rooms/direct_test.rb#test_only_one_room_will_exist_for_the_same_users",
    "test/models/rooms/direct_test.rb#test_default_involvement_for_new_users",
  ] },
  { cause: "Expected: [\u2026]", tests: [
    "test/models/message_test.rb#test_mentionees",
    "test/models/message/searchable_test.rb#test_message_body_is_indexed_and_searchable",
  ] },
  { cause: "declined by the compiler: fixture_file_upload", tests: [
    "test/controllers/accounts/logos_controller_test.rb#test_destroy",
  ] },
  { cause: "record.readAttribute is not a function", tests: [
    "test/controllers/messages_controller_test.rb#test_creating_a_message_broadcasts_the_message_to_the_room",
  ] },
  { cause: "undefined method `cache_control' for [object Object]", tests: [
    "test/controllers/qr_code_controller_test.rb#test_show_renders_a_QR_code_as_a_cacheable_SVG_image",
  ] },
  { cause: "declined by the compiler: controllers/rooms_controller_test.rb:20:12 assign", tests: [
    "test/controllers/rooms_controller_test.rb#test_shows_records_the_last_room_visited_in_a_cookie",
  ] },
  { cause: "Expected response to be a <2XX: success>, but was a <500: Internal Server Error>", tests: [
    "test/controllers/rooms/refreshes_controller_test.rb#test_refresh_includes_new_messages_since_the_last_known",
  ] },
  { cause: "declined by the compiler: TWITTER_HOSTS (Opengraph::Metadata::Fetching's private constants of its ClassMethods)", tests: [
    "test/controllers/unfurl_links_controller_test.rb#test_create_with_missing_opengraph_meta_tags",
    "test/models/opengraph/metadata_test.rb#test_missing_opengraph_meta_tags",
    "test/models/opengraph/metadata_test.rb#test_missing_response_body",
    "test/models/opengraph/metadata_test.rb#test_non_html_response",
  ] },
  { cause: "Expected: [object Object]", tests: [
    "test/controllers/users_controller_test.rb#test_create",
  ] },
  { cause: "Expected response to be a <3XX: redirect>, but was a <500: Internal Server Error>", tests: [
    "test/controllers/users_controller_test.rb#test_creating_a_new_user_with_an_existing_email_address_will_redirect_to_login_screen",
  ] },
  { cause: "Expected: \"Mozilla/5.0\"", tests: [
    "test/controllers/users/push_subscriptions_controller_test.rb#test_create_new_push_subscription",
  ] },
  { cause: "declined by the compiler: users/sidebars_controller_test.rb:12:20 unknown", tests: [
    "test/controllers/users/sidebars_controller_test.rb#test_show",
  ] },
  { cause: "Expected response to be a redirect to <http://www.example.com/rooms/N> but was a redirect to <http://www.example.com/rooms/N>.", tests: [
    "test/controllers/welcome_controller_test.rb#test_redirects_to_the_last_room_visited,_if_we_have_one",
  ] },
  { cause: "declined by the compiler: helpers/content_filters_test.rb:68:16 unknown", tests: [
    "test/helpers/content_filters_test.rb#test_message_with_a_mention_attachment",
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
  { cause: "Expected: [\u2026, \u2026, \u2026, \u2026]", tests: [
    "test/models/message/searchable_test.rb#test_search_results_are_returned_in_message_order",
  ] },
  { cause: "Expected: []", tests: [
    "test/models/message/searchable_test.rb#test_rich_text_body_is_converted_to_plain_text_for_indexing",
  ] },
  { cause: "declined by the compiler: Resolv", tests: [
    "test/models/opengraph/location_test.rb#test_private_network_urls",
    "test/models/opengraph/fetch_test.rb#test_#fetch_document_does_not_follow_redirects_to_private_networks",
    "test/models/opengraph/fetch_test.rb#test_#fetch_document_resolves_hostnames_once_to_avoid_DNS_rebinding",
    "test/models/opengraph/fetch_test.rb#test_#fetch_document_resolves_redirect_location_hostnames_once_to_avoid_DNS_rebinding",
  ] },
  { cause: "declined by the compiler: PrivateNetworkGuard (lib/'s RestrictedHTTP::PrivateNetworkGuard, a module with extend self, is not lowered)", tests: [
    "test/models/opengraph/location_test.rb#test_avoid_reading_file_urls_when_expecting_HTML",
    "test/models/opengraph/location_test.rb#test_read_ignores_invalid_responses",
  ] },
];
