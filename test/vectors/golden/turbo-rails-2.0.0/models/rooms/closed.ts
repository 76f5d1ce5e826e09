import { Room } from "../../models/room.js";
export class Rooms_Closed extends Room {
  static override rubyName = "Rooms::Closed";
}
