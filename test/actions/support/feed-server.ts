import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { startServer, type TestServer } from "./http-server.js";

const FIXTURES = fileURLToPath(new URL("../../fixtures/feeds/", import.meta.url));

export const fixture = (name: string) => readFileSync(`${FIXTURES}${name}`, "utf8");

/**
 * An RSS document of about `bytes` bytes. Built here rather than checked in: the size only has to
 * exceed the cap a test configures.
 */
function hugeFeed(bytes: number): string {
  const item = (i: number) =>
    `<item><title>Filler finance item ${i}</title><link>https://huge.example/${i}</link><description>${"Lorem ipsum dolor sit amet. ".repeat(8)}</description></item>\n`;
  const parts = ['<?xml version="1.0"?>\n<rss version="2.0"><channel><title>Huge</title>\n'];
  let size = parts[0]!.length;
  for (let i = 0; size < bytes; i++) {
    parts.push(item(i));
    size += parts.at(-1)!.length;
  }
  return `${parts.join("")}</channel></rss>\n`;
}

/**
 * Serves `/feeds/<fixture>`; `/huge.xml` (streamed, no Content-Length) and `/huge-declared.xml`;
 * `/status/<code>`; `/redirect/<n>/<target>`: n redirects, then the fixture `<target>`.
 */
export function startFeedServer(): Promise<TestServer> {
  const huge = hugeFeed(200_000);
  return startServer((req, res) => {
    const path = req.url.split("?")[0]!;
    const feed = /^\/feeds\/([a-z.-]+)$/.exec(path);
    if (feed) {
      res.writeHead(200, { "content-type": "application/xml" });
      res.end(fixture(feed[1]!));
      return;
    }
    if (path === "/huge.xml") {
      res.writeHead(200, { "content-type": "application/rss+xml" });
      for (let i = 0; i < huge.length; i += 16_384) res.write(huge.slice(i, i + 16_384));
      res.end();
      return;
    }
    if (path === "/huge-declared.xml") {
      res.writeHead(200, { "content-type": "application/rss+xml", "content-length": Buffer.byteLength(huge) });
      res.end(huge);
      return;
    }
    const status = /^\/status\/(\d{3})$/.exec(path);
    if (status) {
      res.writeHead(Number(status[1]), { "retry-after": "30" });
      res.end("unavailable");
      return;
    }
    const redirect = /^\/redirect\/(\d+)\/(.+)$/.exec(path);
    if (redirect) {
      const left = Number(redirect[1]);
      res.writeHead(302, { location: left > 1 ? `/redirect/${left - 1}/${redirect[2]}` : `/feeds/${redirect[2]}` });
      res.end();
      return;
    }
    res.writeHead(404);
    res.end("not found");
  });
}
