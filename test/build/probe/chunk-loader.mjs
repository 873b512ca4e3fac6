// A Node module hook: names every file of dist/chunks/ as it is fetched (what a browser would download).
export async function load(url, context, next) {
  if (url.includes("/dist/chunks/")) console.log(`fetched ${url.slice(url.indexOf("/dist/") + "/dist/".length)}`);
  return next(url, context);
}
