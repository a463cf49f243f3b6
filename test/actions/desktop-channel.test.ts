import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelDirectory } from "../../src/actions/owner-channels.js";
import { createActionRunner } from "../../src/actions/runner.js";
import { commandNotifier } from "../../src/adapters/desktop/command-notifier.js";
import { notifierCommand } from "../../src/adapters/desktop/notifier-commands.js";
import { ActionFailure } from "../../src/ports/action.js";
import { rejection, TEST_OWNER, testConfig, testContext } from "./support/context.js";
import { type FakeNotifier, fakeNotifySend } from "./support/fake-notifier.js";

/** A runner on the operator's desktop: TEST_OWNER has the `desktop` channel, shown through `env`'s notify-send. */
function desktopRunner(env: Record<string, string>) {
  const config = testConfig();
  const channels = channelDirectory({ channels: {}, owners: {}, operator: TEST_OWNER, desktop: true });
  return createActionRunner(config, env, { channels, desktop: commandNotifier({ platform: "linux", env }) });
}

describe("the desktop channel on Linux (a real notify-send stand-in on PATH)", () => {
  let fake: FakeNotifier;
  beforeAll(() => {
    fake = fakeNotifySend();
  });
  afterAll(() => fake.close());

  it("shows the task's title and the first lines of the result, the text as one argument after --", async () => {
    const message = "Pay the rent\n\nto Ms. Gray, <b>today</b> & not later\nline 3\nline 4\nline 5";
    const result = await desktopRunner(fake.env).run({ type: "notify", message, channels: ["desktop"] }, testContext({ taskTitle: "-rent reminder" }));
    expect(result.data).toEqual({ delivered: ["inbox", "desktop"] });
    expect(fake.calls()).toEqual([
      ["--app-name=duely", "--", "-rent reminder", "Pay the rent\nto Ms. Gray, &lt;b&gt;today&lt;/b&gt; &amp; not later\nline 3\nline 4\n…"],
    ]);
  });

  it("is refused at create to an owner without it, and to everyone where no desktop is", () => {
    const config = testConfig();
    const onDesktop = createActionRunner(config, {}, { channels: channelDirectory({ channels: {}, owners: {}, operator: TEST_OWNER, desktop: true }) });
    expect(() => onDesktop.check!({ type: "notify", message: "hi", channels: ["desktop"] }, "someone-else")).toThrow(/you have no channel "desktop"/);
    const onServer = createActionRunner(config, {}, { channels: channelDirectory({ channels: {}, owners: {}, operator: TEST_OWNER, desktop: false }) });
    expect(() => onServer.check!({ type: "notify", message: "hi", channels: ["desktop"] }, TEST_OWNER)).toThrow(/you have no channel "desktop"/);
  });
});

describe("a desktop notifier that cannot show anything fails the run, saying why", () => {
  let empty: string;
  beforeAll(() => {
    empty = mkdtempSync(join(tmpdir(), "duely-no-notify-"));
  });
  afterAll(() => rmSync(empty, { recursive: true, force: true }));

  it("names the missing program and how to install it, permanently", async () => {
    const err = (await rejection(desktopRunner({ PATH: empty }).run({ type: "notify", message: "hi", channels: ["desktop"] }, testContext()))) as ActionFailure;
    expect(err).toBeInstanceOf(ActionFailure);
    expect(err.permanent).toBe(true);
    expect(err.message).toBe(
      'delivery failed for "desktop" (desktop): desktop notifications need notify-send, which was not found on PATH: install libnotify (Debian/Ubuntu: apt install libnotify-bin; Fedora: dnf install libnotify)',
    );
  });

  it("quotes what a failing notify-send said (no session bus)", async () => {
    const broken = fakeNotifySend({ exitCode: 1, stderr: "Could not connect to the session bus" });
    try {
      const err = (await rejection(desktopRunner(broken.env).run({ type: "notify", message: "hi", channels: ["desktop"] }, testContext()))) as ActionFailure;
      expect(err.message).toMatch(/notify-send failed \(exit code 1\): Could not connect to the session bus/);
      expect(broken.calls()).toHaveLength(1);
    } finally {
      broken.close();
    }
  });
});

describe("the notifier commands of macOS and Windows (generated here, not run: no such OS on the test machine)", () => {
  const note = { title: '"Rent" -x', body: "line 1\nend tell & <x>" };

  it("macOS: osascript's display notification reads the text from argv, after --", () => {
    const cmd = notifierCommand("darwin", note);
    expect(cmd.file).toBe("osascript");
    expect(cmd.args.slice(-3)).toEqual(["--", note.title, note.body]);
    expect(cmd.args.filter((_, i) => cmd.args[i - 1] === "-e").join("\n")).toBe(
      'on run argv\ndisplay notification (item 2 of argv) with title "duely" subtitle (item 1 of argv)\nend run',
    );
  });

  it("Windows: an encoded PowerShell toast script, the text in environment variables set as XML text nodes", () => {
    const cmd = notifierCommand("win32", note);
    expect(cmd.file).toBe("powershell.exe");
    expect(cmd.env).toEqual({ DUELY_NOTE_TITLE: note.title, DUELY_NOTE_BODY: note.body });
    const script = Buffer.from(cmd.args.at(-1)!, "base64").toString("utf16le");
    expect(cmd.args.at(-2)).toBe("-EncodedCommand");
    expect(script).toContain("$xml.CreateTextNode($env:DUELY_NOTE_TITLE)");
    expect(script).toContain("$xml.CreateTextNode($env:DUELY_NOTE_BODY)");
    expect(script).not.toContain(note.title);
  });
});

describe("a channel that cannot deliver from this process is refused when a task names it", () => {
  const hook = { type: "webhook" as const, url: "https://hooks.example.com/in", secret_env: "HOOK_SECRET" };
  const mail = {
    type: "email" as const,
    to: "me@example.com",
    from: "duely@example.com",
    smtp: { host: "smtp.example.com", user: "me", pass_env: "SMTP_PASS" },
  };
  const runner = (env: Record<string, string>) => {
    const config = testConfig({ channels: { hook, mail } });
    const channels = channelDirectory({ channels: config.channels, owners: {}, operator: TEST_OWNER, desktop: true });
    return createActionRunner(config, env, { channels, desktop: commandNotifier({ platform: "linux", env }) });
  };
  const check = (env: Record<string, string>, channels: string[]) => () => runner(env).check!({ type: "notify", message: "hi", channels }, TEST_OWNER);

  it("names the webhook's missing signing secret and how to pass it to the service", () => {
    expect(check({ PATH: "/nonexistent" }, ["inbox", "hook"])).toThrow(
      'action.channels.1: the channel "hook" cannot deliver on this machine: the environment variable HOOK_SECRET (its signing secret) is not set for the duely service.',
    );
  });

  it("names the email channel's missing SMTP password", () => {
    expect(check({ HOOK_SECRET: "s3cret-value" }, ["mail"])).toThrow(/the environment variable SMTP_PASS \(its SMTP password\) is not set/);
  });

  it("accepts them once the environment has what they need, and lists only the deliverable ones as expected", () => {
    const fake = fakeNotifySend();
    try {
      expect(check({ ...fake.env, HOOK_SECRET: "s3cret-value", SMTP_PASS: "pw-value" }, ["hook", "mail", "desktop"])).not.toThrow();
      let caught: unknown;
      try {
        check({ ...fake.env, SMTP_PASS: "pw-value" }, ["hook"])();
      } catch (e) {
        caught = e;
      }
      expect(caught).toMatchObject({ expected: "a channel that can deliver here: inbox, mail, desktop" });
    } finally {
      fake.close();
    }
  });
});
