import { ActiveJobBase, registerAppConstant } from "rails2ts/runtime";
export class ApplicationJob extends ActiveJobBase {
  static override rubyName = "ApplicationJob";
}

registerAppConstant("ApplicationJob", ApplicationJob);
