// Tests that pass under real Rails 7.2.4 (test/campfire/rails-tests.json) but not yet on the TypeScript target,
// grouped by cause (the failure our run printed, shortened). test/campfire-tests.test.ts runs each as an expected
// failure: when one starts passing, the lane fails until it is taken off this list. Never add an entry without a cause.
export const KNOWN_TEST_FAILURES: { cause: string; tests: string[] }[] = [
  { cause: "declined by the compiler: fixture_file_upload", tests: [
    "test/controllers/accounts/logos_controller_test.rb#test_destroy",
  ] },
  { cause: "declined by the compiler: users/sidebars_controller_test.rb:12:20 unknown (an interpolated Regexp literal, /#{room.name}/: not lowered)", tests: [
    "test/controllers/users/sidebars_controller_test.rb#test_show",
  ] },
  { cause: "declined by the compiler: helpers/content_filters_test.rb:68:16 unknown (an interpolated Regexp literal: not lowered)", tests: [
    "test/helpers/content_filters_test.rb#test_message_with_a_mention_attachment",
  ] },
  { cause: "declined by the compiler: Resolv", tests: [
    "test/models/opengraph/location_test.rb#test_private_network_urls",
    "test/models/opengraph/fetch_test.rb#test_#fetch_document_does_not_follow_redirects_to_private_networks",
    "test/models/opengraph/fetch_test.rb#test_#fetch_document_resolves_hostnames_once_to_avoid_DNS_rebinding",
    "test/models/opengraph/fetch_test.rb#test_#fetch_document_resolves_redirect_location_hostnames_once_to_avoid_DNS_rebinding",
  ] },
  { cause: "declined by the compiler: TWITTER_HOSTS (Opengraph::Metadata::Fetching's private constants of its ClassMethods)", tests: [
    "test/models/opengraph/metadata_test.rb#test_missing_opengraph_meta_tags",
    "test/models/opengraph/metadata_test.rb#test_missing_response_body",
    "test/models/opengraph/metadata_test.rb#test_non_html_response",
    "test/controllers/unfurl_links_controller_test.rb#test_create_with_missing_opengraph_meta_tags",
  ] },
  { cause: "declined by the compiler: PrivateNetworkGuard (lib/'s RestrictedHTTP::PrivateNetworkGuard, a module with extend self, is not lowered)", tests: [
    "test/models/opengraph/location_test.rb#test_avoid_reading_file_urls_when_expecting_HTML",
    "test/models/opengraph/location_test.rb#test_read_ignores_invalid_responses",
  ] },
];
