// The controllers Rails itself ships that a generated app routes to: Rails::HealthController (`get "up" =>
// "rails/health#show"`) and Rails::PwaController (`rails/pwa#manifest`, `#service_worker`, rendering the app's
// own app/views/pwa templates without a layout). Both inherit ActionController::Base, not the app's controllers.
import { Controller, type Filter } from "./controller.js";
import { SafeString } from "../active-support/safe.js";

export class RailsHealthController extends Controller {
  static override controllerPath = "rails/health";

  show(): void {
    // The page Rails::HealthController renders while the app boots without exceptions.
    this.render({ html: new SafeString('<!DOCTYPE html><html><body style="background-color: green"></body></html>') });
  }
}

export class RailsPwaController extends Controller {
  static override controllerPath = "rails/pwa";
  static override filters: readonly Filter[] = [{ kind: "skip_before", method: "verifyAuthenticityToken" }];

  serviceWorker(): void {
    this.render({ template: "pwa/service-worker", layout: false });
  }

  manifest(): void {
    this.render({ template: "pwa/manifest", layout: false });
  }
}

export const BUILTIN_CONTROLLERS = [RailsHealthController, RailsPwaController];
