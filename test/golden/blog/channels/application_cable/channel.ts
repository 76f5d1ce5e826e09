import { Channel } from "rails2ts/runtime";
export class ApplicationCable_Channel extends Channel {
  static override rubyName: string | null = "ApplicationCable::Channel";

  static override publicMethods: readonly string[] | null = [];
}
