import { ActiveJobBase } from "rails2ts/runtime";
export class ApplicationJob extends ActiveJobBase {
  static override rubyName = "ApplicationJob";
}
