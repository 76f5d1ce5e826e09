import { registerAppConstant } from "rails2ts/runtime";
import { Room } from "../../models/room.js";
export class Rooms_Closed extends Room {
  static override rubyName = "Rooms::Closed";
}

registerAppConstant("Rooms::Closed", Rooms_Closed);
