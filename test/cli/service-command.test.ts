import { describe, expect, it } from "vitest";
import { serviceCommand } from "../../src/cli/bridge.js";

describe("the command a bridge or `duely service start` runs the service with", () => {
  it("gives node the service's own flags (a capped young generation, a lower heap growing factor) before the script", () => {
    const argv = serviceCommand("/data", {});
    const script = argv.indexOf("service") - 1;
    expect(argv.slice(1, script)).toContain("--max-semi-space-size=2");
    expect(argv.slice(1, script)).toContain("--heap-growing-percent=75");
    expect(argv.slice(script + 1)).toEqual(["service", "run", "--data-dir", "/data"]);
  });
});
