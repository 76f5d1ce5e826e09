import { Base, defineModel } from "rails2ts/runtime";

export class ApplicationRecord extends Base {}

defineModel(ApplicationRecord, {
  name: "ApplicationRecord",
  abstract: true,
  table: "application_records",
  names: {
    name: "ApplicationRecord",
    singular: "application_record",
    plural: "application_records",
    paramKey: "application_record",
    routeKey: "application_records",
    singularRouteKey: "application_record",
    i18nKey: "application_record",
    human: "Application record",
    collection: "application_records",
    element: "application_record",
  },
  columns: [],
  associations: [],
  validations: [],
  callbacks: [],
});
