// Fails when an exported declaration of any package has no `@example` in its doc comment.
// Reads the JSON that typedoc writes beside the HTML (`pnpm run docs`), so it sees exactly what
// the API reference shows.
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'docs/api/api.json';
const project = JSON.parse(readFileSync(file, 'utf8'));
const MODULE = 2;

function hasExample(reflection) {
  const comments = [
    reflection.comment,
    ...(reflection.signatures ?? []).map((signature) => signature.comment),
  ];
  return comments.some((comment) => comment?.blockTags?.some((tag) => tag.tag === '@example'));
}

const missing = [];
let total = 0;
function walk(module, path) {
  for (const child of module.children ?? []) {
    if (child.kind === MODULE) {
      walk(child, `${path}/${child.name}`);
      continue;
    }
    total++;
    if (!hasExample(child)) missing.push(`${path}: ${child.name}`);
  }
}
for (const pkg of project.children ?? []) walk(pkg, pkg.name);

if (missing.length > 0) {
  console.error(`${missing.length} of ${total} exports have no @example in their doc comment:`);
  for (const line of missing) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`Every one of the ${total} exports has a doc comment with an example.`);
