// Defaults the CLI's --help prints as well as the config applies: here, so that printing
// help (or starting the bridge) does not load the config's schemas.

/** Where `duely serve --http` listens when neither the config nor a flag says otherwise. */
export const HTTP_DEFAULTS = { host: "127.0.0.1", port: 8787 } as const;

/** Defaults of the AWS sections, which `duely aws init` also writes into the config it prints. */
export const AWS_DEFAULTS = { ttlDays: 30, visibilityMs: 30_000 } as const;
