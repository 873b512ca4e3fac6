import { localImports } from "./test/architecture/source-files.ts";
import { resolve, relative } from "node:path";
const seen = new Set<string>();
const todo = [resolve(process.argv[2]!)];
while (todo.length) {
  const x = todo.pop()!;
  if (seen.has(x)) continue;
  seen.add(x);
  todo.push(...localImports(x));
}
console.log(
  [...seen]
    .map((x) => relative(process.cwd(), x))
    .filter((x) => !x.startsWith("src/core"))
    .sort()
    .join("\n"),
);
