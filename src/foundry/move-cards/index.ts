export * from "./move-card-data.js";
export * from "./move-card-request.js";
export * from "./move-card-post.js";
export * from "./register-move-cards.js";
