import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The server does not import the public app's screens or components. */
const serverApart = {
  group: ["**/app/components/**", "**/app/routes/**", "**/app/root*", "**/app/entry.*"],
  message: "The server does not import the public app's components or routes (README, code layout).",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      "test-results-*/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "bench-results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  jsxA11y.flatConfigs.strict,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // No circle in the imports: a module that needs its own importer is two modules pretending to be one.
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".json"] })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Two houses on one ground: the public app never imports the server…
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/**"], message: "The public app does not import the server (README, code layout)." },
          ],
        },
      ],
    },
  },
  {
    // …and the server (the back office included) never imports the public app's screens or components: it may read
    // its settings, paths and content, the floor both stand on.
    files: ["server/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverApart] }] },
  },
  // Three houses on the server's floor: the inbox, the office and the statistics never import one another. What more
  // than one of them uses is the floor's (server/data: the database and its stores; server/*.ts), and the server
  // (app.ts) hands each what the others provide (docs/architecture.md, "The data layer").
  ...["inbox", "office", "stats"].map((house) => {
    const others = ["inbox", "office", "stats"].filter((other) => other !== house);
    return {
      files: [`server/${house}/**/*.{ts,tsx}`],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            patterns: [
              serverApart,
              {
                regex: `^(\\.\\./)+(${others.join("|")})(/|$)`,
                message: `server/${house} does not import server/${others.join(" or server/")}: take it from the floor (server/data, server/*.ts) or have the server hand it over (server/app.ts).`,
              },
            ],
          },
        ],
      },
    };
  }),
  {
    // Alerts (server/push) are the floor's too: the inbox queues them, the office turns them on; they import neither.
    files: ["server/push/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            serverApart,
            {
              regex: "^(\\.\\./)+(inbox|office|stats)(/|$)",
              message: "server/push imports only the floor (server/data, server/*.ts): the server hands it over.",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures call their callback `use`, which is not React's hook; and in end-to-end tests a
    // missing element should fail the test loudly, which is what a non-null assertion does.
    files: ["e2e/**/*.ts"],
    rules: {
      "react-hooks/rules-of-hooks": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
);
