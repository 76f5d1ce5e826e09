// The ActionView configuration the helpers read, with Rails 7.2's `load_defaults` values
// (railties application/configuration.rb). An app's config/application.rb settings lower to
// assignments on this object at boot.
export const viewConfig = {
  /** form_with_generates_remote_forms: false since 6.1 defaults. */
  formWithGeneratesRemoteForms: false,
  /** form_with_generates_ids: true since 5.2 defaults. */
  formWithGeneratesIds: true,
  /** default_enforce_utf8: false since 6.0 defaults (no utf8 hidden input). */
  defaultEnforceUtf8: false,
  /** embed_authenticity_token_in_remote_forms: nil by default (tokens stay in remote forms). */
  embedAuthenticityTokenInRemoteForms: null as boolean | null,
  /** button_to_generates_button_tag: true since 7.0 defaults. */
  buttonToGeneratesButtonTag: true,
  /** ActionView::Base.automatically_disable_submit_tag (data-disable-with on submits). */
  automaticallyDisableSubmitTag: true,
  /** multiple_file_field_include_hidden: false by default. */
  multipleFileFieldIncludeHidden: false,
  /** prepend_content_exfiltration_prevention: false by default. */
  prependContentExfiltrationPrevention: false,
};
