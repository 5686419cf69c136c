/**
 * Refuses, before execution, queries whose depth or worst-case result count
 * is above the configured maxima. The cost of a field is the product of the
 * page sizes (first + last, else the default page size) of the connections
 * on its path; a query's cost is the sum over its fields. Introspection
 * (__schema, __type, __typename) is free, so tools keep working.
 */
import { GraphQLError, Kind, type ASTVisitor, type FieldNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext, getNamedType, type GraphQLObjectType, isObjectType } from 'graphql';
import { DEFAULT_PAGE } from './connections.js';

export interface CostLimits { maxCost: number; maxDepth: number; /** page size counted for first/last given otherwise than as an integer or a variable */ maxPage: number }

export function costRule(limits: CostLimits): (context: ValidationContext) => ASTVisitor {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of context.getDocument().definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);

    // The walked operation's integer variable defaults. Validation is cached per document, so it cannot see a
    // request's variables: a variable counts at its default, else at the default page size. Its real value is
    // priced before this rule runs (workLimits.ts, with the request's variables) and a page above the maximum is
    // refused by the resolver, so this no longer has to assume the worst: at the maximum page size for every
    // variable, `countries(first: $n) { regions(first: $m) }` was refused at n = m = 5 (cost 40,400).
    let defaults = new Map<string, number>();
    // first and last together answer up to first + last items (their union when they meet: connections.ts), so both count
    const pageSize = (field: FieldNode): number => {
      let page = 0;
      let given = false;
      for (const name of ['first', 'last']) {
        const arg = field.arguments?.find((a) => a.name.value === name);
        if (!arg) continue;
        given = true;
        if (arg.value.kind === Kind.INT) page += Math.max(0, Number(arg.value.value));
        else if (arg.value.kind === Kind.VARIABLE) page += Math.max(0, defaults.get(arg.value.name.value) ?? DEFAULT_PAGE);
        else page += limits.maxPage;
      }
      return given ? page : DEFAULT_PAGE;
    };

    /** Walks a selection set: returns [cost, depth]. */
    const walk = (set: SelectionSetNode, type: GraphQLObjectType, multiplier: number, depth: number, seen: Set<string>): [number, number] => {
      let cost = 0; let maxDepth = depth;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith('__')) continue;
          const def = type.getFields()[sel.name.value];
          if (!def) continue;
          const named = getNamedType(def.type);
          const isConnection = isObjectType(named) && named.name.endsWith('Connection');
          const m = isConnection ? multiplier * pageSize(sel) : multiplier;
          cost += m;
          if (sel.selectionSet && isObjectType(named)) {
            const [c, d] = walk(sel.selectionSet, named, m, depth + 1, seen);
            cost += c; maxDepth = Math.max(maxDepth, d);
          }
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          const t = sel.typeCondition ? context.getSchema().getType(sel.typeCondition.name.value) : type;
          if (isObjectType(t)) { const [c, d] = walk(sel.selectionSet, t, multiplier, depth, seen); cost += c; maxDepth = Math.max(maxDepth, d); }
        } else if (sel.kind === Kind.FRAGMENT_SPREAD) {
          const f = fragments.get(sel.name.value);
          if (!f || seen.has(f.name.value)) continue; // cycles are reported by the standard rules
          const t = context.getSchema().getType(f.typeCondition.name.value);
          if (isObjectType(t)) { const [c, d] = walk(f.selectionSet, t, multiplier, depth, new Set([...seen, f.name.value])); cost += c; maxDepth = Math.max(maxDepth, d); }
        }
      }
      return [cost, maxDepth];
    };

    return {
      OperationDefinition(node) {
        const root = node.operation === 'query' ? context.getSchema().getQueryType() : null;
        if (!root) return;
        defaults = new Map((node.variableDefinitions ?? []).flatMap((v) => (v.defaultValue?.kind === Kind.INT ? [[v.variable.name.value, Number(v.defaultValue.value)] as const] : [])));
        const [cost, depth] = walk(node.selectionSet, root, 1, 1, new Set());
        if (depth > limits.maxDepth) {
          context.reportError(new GraphQLError(`query depth ${depth} is above the maximum of ${limits.maxDepth}`, { nodes: [node], extensions: { code: 'ACCESS_DENIED' } }));
        } else if (cost > limits.maxCost) {
          context.reportError(new GraphQLError(`query cost ${cost} (worst-case number of results: the product of page sizes down each path) is above the maximum of ${limits.maxCost}; ask for smaller pages`, { nodes: [node], extensions: { code: 'ACCESS_DENIED' } }));
        }
      },
    };
  };
}
