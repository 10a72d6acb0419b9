import path from "node:path";
import ts from "typescript";

/** One call's route as the route files register it, and the error codes its handler can reach. */
export interface RouteErrorCodes {
  /** The call's exported name in the contract. */
  call: string;
  file: string;
  codes: Set<string>;
}

const ROUTE_HELPERS = new Set(["route", "formRoute", "calendarRoute", "csvRoute", "zipRoute"]);

/**
 * Reads the API's route files with the TypeScript checker and, for each call they register, collects
 * the codes of every ApiError its handler can reach: the functions it calls or passes on, followed
 * through the project's own modules (services, the database's helpers...), and in each the code of
 * each `new ApiError(status, code)` and `badRequest/unauthorized/forbidden/notFound/conflict(message, code)`
 * (a helper's default code when none is given). A code is read from the type of the argument, so a
 * code held in a variable counts when its type is a literal. It over-approximates (a function reached
 * counts whole), which is the safe side for a list of what a call may answer.
 */
export function thrownErrorCodes(root: string): RouteErrorCodes[] {
  const configFile = ts.findConfigFile(root, ts.sys.fileExists, "tsconfig.json")!;
  const config = ts.parseJsonConfigFileContent(ts.readConfigFile(configFile, ts.sys.readFile).config, ts.sys, root);
  const routesDir = path.join(root, "lib/server/api/routes");
  const routeFiles = ts.sys.readDirectory(routesDir, [".ts"]);
  const program = ts.createProgram(routeFiles, { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const errorsFile = path.join(root, "lib/server/errors.ts");
  const ownFile = (file: string) => file.startsWith(root) && !file.includes("node_modules");

  const resolve = (node: ts.Node): ts.Symbol | undefined => {
    let symbol = checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol;
  };
  const literalCodes = (node: ts.Expression): string[] => {
    const type = checker.getTypeAtLocation(node);
    const parts = type.isUnion() ? type.types : [type];
    return parts.filter((t) => t.isStringLiteral()).map((t) => (t as ts.StringLiteralType).value);
  };

  /** The code a call of an errors.ts helper or `new ApiError` gives, or null when the callee is neither. */
  const codesOfErrorCall = (node: ts.CallExpression | ts.NewExpression): string[] | null => {
    const declaration = resolve(node.expression)?.declarations?.[0];
    if (!declaration || declaration.getSourceFile().fileName !== errorsFile) return null;
    const code = node.arguments?.[1];
    if (code) return literalCodes(code);
    if (ts.isVariableDeclaration(declaration) && declaration.initializer && ts.isArrowFunction(declaration.initializer)) {
      const fallback = declaration.initializer.parameters[1]?.initializer;
      if (fallback && ts.isStringLiteral(fallback)) return [fallback.text];
    }
    return [];
  };

  const memo = new Map<ts.Node, Set<string>>();
  /** The codes reachable from a function's (or a handler's) body. */
  const reach = (body: ts.Node): Set<string> => {
    const known = memo.get(body);
    if (known) return known;
    const codes = new Set<string>();
    memo.set(body, codes); // a recursion sees what is known so far
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        for (const code of codesOfErrorCall(node) ?? []) codes.add(code);
      }
      if (ts.isIdentifier(node)) {
        for (const declaration of resolve(node)?.declarations ?? []) {
          const file = declaration.getSourceFile().fileName;
          if (!ownFile(file) || file === errorsFile) continue;
          const target = functionBodyOf(declaration);
          if (target && target !== body) for (const code of reach(target)) codes.add(code);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(body);
    return codes;
  };

  const found: RouteErrorCodes[] = [];
  for (const file of routeFiles) {
    const source = program.getSourceFile(file)!;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ROUTE_HELPERS.has(node.expression.text)) {
        const [, callArg, ...rest] = node.arguments;
        const call = callArg && resolve(callArg);
        if (call) {
          const codes = new Set<string>();
          for (const arg of rest) for (const code of reach(arg)) codes.add(code);
          found.push({ call: call.name, file: path.relative(root, file), codes });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** The function a declaration names, when it names one: a function, a method, or a variable holding an arrow or function. */
function functionBodyOf(declaration: ts.Declaration): ts.Node | undefined {
  if (ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration)) return declaration.body;
  if (ts.isVariableDeclaration(declaration) && declaration.initializer) {
    const init = declaration.initializer;
    if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
  }
  return undefined;
}
