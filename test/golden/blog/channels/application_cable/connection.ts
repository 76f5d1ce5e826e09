import { Connection } from "rails2ts/runtime";
export class ApplicationCable_Connection extends Connection {}
