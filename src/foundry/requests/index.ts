export * from "./request-answer.js";
export * from "./request-channel.js";
export * from "./register-requests.js";
export * from "./one-at-a-time.js";
