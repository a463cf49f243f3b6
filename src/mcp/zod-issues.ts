import { z } from "zod";
import { type ToolError, toolError } from "./tool-errors.js";

/**
 * Arguments that break a tool's input schema, turned into one correctable tool error that
 * quotes the field's description and allowed values back to the model.
 */

const TYPE_WORDS: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "true or false",
  object: "an object",
  array: "an array",
};

const quoteList = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join(", ");

/**
 * The zod schema at `path`, following the input through discriminated unions, to quote a
 * field's description and its allowed keys back to the model.
 */
function schemaAt(root: z.ZodType, path: readonly PropertyKey[], input: unknown): z.ZodType | undefined {
  let schema: z.ZodType | undefined = root;
  let value = input;
  for (let i = 0; i <= path.length && schema; i++) {
    schema = unwrap(schema, value);
    if (i === path.length || !schema) break;
    const key = path[i]!;
    if (schema instanceof z.ZodObject) schema = (schema.shape as Record<string, z.ZodType>)[String(key)];
    else if (schema instanceof z.ZodArray) schema = schema.element as z.ZodType;
    else return undefined;
    value = value !== null && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return schema;
}

function unwrap(schema: z.ZodType, value: unknown): z.ZodType | undefined {
  let s: z.ZodType = schema;
  for (;;) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodDiscriminatedUnion) {
      const key = (s._zod.def as z.core.$ZodDiscriminatedUnionDef).discriminator;
      const tag = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
      const option = (s.options as z.ZodType[]).find((o) => o instanceof z.ZodObject && (o.shape as Record<string, z.ZodType>)[key]?.safeParse(tag).success);
      if (!option) return s;
      s = option;
    } else return s;
  }
}

/** The description of a schema, wherever zod keeps it on the wrappers. */
function describe(schema: z.ZodType | undefined): string | undefined {
  let s = schema;
  while (s) {
    if (s.description) return s.description;
    if (s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
    else return undefined;
  }
  return undefined;
}

function expectedFor(issue: z.core.$ZodIssue, root: z.ZodType, input: unknown): string {
  const here = schemaAt(root, issue.path, input);
  const described = (base: string) => {
    const d = describe(here);
    return d ? `${base}: ${d}` : base;
  };
  switch (issue.code) {
    case "invalid_type":
      return described(TYPE_WORDS[issue.expected] ?? issue.expected);
    case "invalid_value":
      return `one of ${quoteList(issue.values)}`;
    case "unrecognized_keys": {
      const allowed = here instanceof z.ZodObject ? Object.keys(here.shape) : [];
      return allowed.length ? `only these properties: ${allowed.join(", ")}` : "no other properties";
    }
    case "invalid_union": {
      const options = (issue as { options?: unknown[] }).options;
      return options ? `one of ${quoteList(options)}` : described("one of the documented forms");
    }
    case "too_small":
    case "too_big": {
      const bound = issue.code === "too_small" ? issue.minimum : issue.maximum;
      const word = issue.code === "too_small" ? "at least" : "at most";
      const strict = issue.code === "too_small" ? "more than" : "less than";
      const cmp = issue.inclusive === false ? strict : word;
      if (issue.origin === "string") return `${cmp} ${bound} character(s)`;
      if (issue.origin === "array" || issue.origin === "set") return `${cmp} ${bound} item(s)`;
      return `a number ${cmp} ${bound}`;
    }
    case "invalid_format":
      if (issue.format === "url") return "an absolute URL, e.g. https://example.com/feed.xml";
      if (issue.format === "regex" && "pattern" in issue) return `text matching ${String(issue.pattern)}`;
      return described(`a valid ${issue.format}`);
    case "not_multiple_of":
      return `a multiple of ${String(issue.divisor)}`;
    case "custom":
      return typeof issue.params?.expected === "string" ? issue.params.expected : described(issue.message);
    default:
      return described("the documented form");
  }
}

function fieldOf(issue: z.core.$ZodIssue): string | undefined {
  const path = issue.path.map(String);
  if (issue.code === "unrecognized_keys" && issue.keys[0] !== undefined) path.push(issue.keys[0]);
  return path.length ? path.join(".") : undefined;
}

/**
 * A union the input failed, answered by the branch the input was meant for: a branch whose
 * type the input has (no `invalid_type` at the union itself), the one whose problems lie deepest.
 * So `["done"]` for "a state or a list of states" says which item is wrong, and `"done"` that
 * the state is not one of the states, rather than also that it is not a list.
 */
function meantBranch(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  const branches = issue.code === "invalid_union" ? issue.errors : [];
  const fitting = branches.filter((b) => b.length > 0 && !b.some((i) => i.code === "invalid_type" && i.path.length === 0));
  if (fitting.length === 0) return [issue];
  const depth = (b: z.core.$ZodIssue[]) => Math.max(...b.map((i) => i.path.length));
  const best = fitting.reduce((a, b) => (depth(b) > depth(a) ? b : a));
  return best.flatMap((i) => meantBranch({ ...i, path: [...issue.path, ...i.path] } as z.core.$ZodIssue));
}

/**
 * Arguments that break the input schema, as one correctable error: the first problem gives
 * `field` and `expected`, the message lists every problem so one retry can fix them all.
 */
export function errorFromIssues(tool: string, raw: readonly z.core.$ZodIssue[], root: z.ZodType, input: unknown): ToolError {
  const issues = raw.flatMap(meantBranch);
  const first = issues[0];
  const lines = issues
    .slice(0, 6)
    .map((i) => `${fieldOf(i) ?? "(arguments)"}: ${i.code === "unrecognized_keys" ? "not a property of this tool" : i.message.replace(/\.$/, "")}`);
  const more = issues.length > 6 ? ` (and ${issues.length - 6} more)` : "";
  return toolError("invalid_argument", `Invalid arguments for ${tool}: ${lines.join("; ")}${more}.`, {
    field: first ? fieldOf(first) : undefined,
    expected: first ? expectedFor(first, root, input) : undefined,
  });
}
