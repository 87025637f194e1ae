/**
 * The members of a JSON value that its JSON Schema does not describe. The
 * output schemas (schemas/plan.schema.json) leave objects open so that an
 * older reader accepts a newer file, so validation alone cannot tell that a
 * member written by the CLI went undocumented: this walks the value beside
 * its schema and names every member no `properties` declares (an object
 * whose schema lists no members at all is taken as opaque).
 */

type SchemaNode = {
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
  allOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  then?: SchemaNode;
  else?: SchemaNode;
};

/** Every branch a member of `value` may be declared in: the node, its `$ref`, and the parts it composes. */
function branches(node: SchemaNode, root: SchemaNode, seen = new Set<SchemaNode>()): SchemaNode[] {
  if (seen.has(node)) return [];
  seen.add(node);
  const resolved = node.$ref ? resolveRef(node.$ref, root) : undefined;
  const parts = [...(node.allOf ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.then ? [node.then] : []), ...(node.else ? [node.else] : [])];
  return [node, ...(resolved ? branches(resolved, root, seen) : []), ...parts.flatMap((part) => branches(part, root, seen))];
}

function resolveRef(ref: string, root: SchemaNode): SchemaNode {
  if (!ref.startsWith("#/")) throw new Error(`only local references are followed: ${ref}`);
  let node: unknown = root;
  for (const segment of ref.slice(2).split("/")) node = (node as Record<string, unknown>)[segment];
  if (node === undefined) throw new Error(`unresolved reference ${ref}`);
  return node as SchemaNode;
}

/**
 * JSON paths (`entries[].weakening.traffic`) of members no schema branch declares; empty when all are described.
 * A member is described when any branch that may apply declares it (the `if`s are not evaluated: each `then`
 * counts), so this finds what no part of the schema documents, not a member in the wrong branch.
 */
export function undescribedMembers(value: unknown, schema: object): string[] {
  const root = schema as SchemaNode;
  const found = new Set<string>();
  const walk = (current: unknown, schemas: SchemaNode[], path: string): void => {
    const nodes = schemas.flatMap((node) => branches(node, root));
    if (Array.isArray(current)) {
      const items = nodes.flatMap((branch) => (branch.items ? [branch.items] : []));
      for (const item of current) walk(item, items, `${path}[]`);
      return;
    }
    if (current === null || typeof current !== "object") return;
    // An object whose schema lists no members is opaque here (a policy's rules: the policy's own schema describes them).
    if (!nodes.some((branch) => branch.properties !== undefined || branch.additionalProperties !== undefined)) return;
    for (const [key, member] of Object.entries(current)) {
      const declared = nodes.flatMap((branch) => (branch.properties?.[key] ? [branch.properties[key]] : []));
      const open = nodes.flatMap((branch) => (typeof branch.additionalProperties === "object" ? [branch.additionalProperties] : []));
      const memberPath = path === "" ? key : `${path}.${key}`;
      if (declared.length === 0 && open.length === 0) found.add(memberPath);
      else walk(member, declared.length > 0 ? declared : open, memberPath);
    }
  };
  walk(value, [root], "");
  return [...found].sort();
}
