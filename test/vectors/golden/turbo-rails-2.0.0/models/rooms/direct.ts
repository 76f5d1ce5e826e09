import { registerAppConstant } from "rails2ts/runtime";
import { Room } from "../../models/room.js";
export class Rooms_Direct extends Room {
  static override rubyName = "Rooms::Direct";
}

registerAppConstant("Rooms::Direct", Rooms_Direct);
