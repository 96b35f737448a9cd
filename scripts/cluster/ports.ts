/** Free-port checks before any JVM starts, so a busy port gets one clear line instead of a node's bind failure. */
import net from "node:net";
import { ClusterError } from "./cluster-error";
import { runningClusterHint } from "./cluster-state";

/** True when nothing listens on 127.0.0.1:port (bind test). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Throws PORT_BUSY naming the first http or transport port of these nodes that is in use. */
export async function assertPortsFree(nodes: { name: string; httpPort: number; transportPort: number }[]): Promise<void> {
  for (const node of nodes) {
    for (const [kind, port] of [
      ["http", node.httpPort],
      ["transport", node.transportPort],
    ] as const) {
      if (await isPortFree(port)) continue;
      const hint = runningClusterHint(nodes[0]?.httpPort ?? port) || "; choose another with --port";
      throw new ClusterError("PORT_BUSY", `port ${port} (${kind} port of ${node.name}) is already in use on 127.0.0.1${hint}`);
    }
  }
}
