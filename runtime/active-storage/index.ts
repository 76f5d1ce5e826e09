// Active Storage: has_one_attached / has_many_attached proxies (ActiveStorage::Attached::One and Many).
export { ActiveStorageAttachedOne, ActiveStorageAttachedMany, AttachedOne, AttachedMany } from "./attached.js";
export { ActiveStorageFilename } from "./filename.js";
