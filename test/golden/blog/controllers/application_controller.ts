import { Controller, type Filter } from "rails2ts/runtime";

export interface ApplicationControllerAssigns {}

export class ApplicationController<
  A extends ApplicationControllerAssigns = ApplicationControllerAssigns,
> extends Controller<A> {
  static override filters: readonly Filter[] = [
    ...super.filters,
    { kind: "before", method: "allowBrowser", only: null, except: null },
  ];
  static override controllerPath = "application";
}
