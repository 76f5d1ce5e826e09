import { Controller } from "rails2ts/runtime";

export interface ApplicationControllerAssigns {}

export class ApplicationController<
  A extends ApplicationControllerAssigns = ApplicationControllerAssigns,
> extends Controller<A> {
  static override controllerPath = "application";
}
