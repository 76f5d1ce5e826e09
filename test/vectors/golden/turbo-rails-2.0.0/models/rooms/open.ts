import { registerAppConstant } from "rails2ts/runtime";
import { Room } from "../../models/room.js";
export class Rooms_Open extends Room {
  static override rubyName = "Rooms::Open";
}

registerAppConstant("Rooms::Open", Rooms_Open);
