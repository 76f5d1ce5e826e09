// geared_pagination: set_page_and_extract_portion_from and its recordset, pages and ratios.
export * from "./controller.js";
export * from "./geared-pagination-cursor.js";
export * from "./geared-pagination-headers.js";
export * from "./geared-pagination.js";
