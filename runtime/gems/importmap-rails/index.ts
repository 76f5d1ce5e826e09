// importmap-rails: javascript_importmap_tags and the import map the app pins.
export * from "./importmap.js";
