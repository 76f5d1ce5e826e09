// GearedPagination::Controller (geared_pagination 1.2.0), which the gem's engine includes into ActionController::Base:
// set_page_and_extract_portion_from, and the after_action that writes the pagination headers (the compiler adds
// the filter when the app's Gemfile.lock has the gem).
import { Controller } from "../../action-pack/controller.js";
import { Page, Recordset, type Records } from "./geared-pagination.js";
import { paginatedHeaders } from "./geared-pagination-headers.js";

declare module "../../action-pack/controller.js" {
  interface Controller {
    setPageAndExtractPortionFrom(records: unknown, options?: { ordered_by?: unknown; per_page?: unknown }): Records;
    setPaginatedHeaders(): void;
  }
}

/** set_page_and_extract_portion_from: `@page` is the page `params[:page]` names; its records are returned. */
Controller.prototype.setPageAndExtractPortionFrom = function (this: Controller, records: unknown, options: { ordered_by?: unknown; per_page?: unknown } = {}): Records {
  const page = new Recordset(records as Records, options).page(this.params.get("page"));
  (this.assigns as Record<string, unknown>).page = page;
  return page.records();
};

/** The gem's after_action: X-Total-Count and the next page's Link on JSON requests. */
Controller.prototype.setPaginatedHeaders = function (this: Controller): void {
  const page = (this.assigns as Record<string, unknown>).page;
  if (page instanceof Page) for (const [name, value] of paginatedHeaders(page, this.request)) this.response.headers.set(name, value);
};
