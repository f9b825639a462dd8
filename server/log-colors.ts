/** The parts of a stream that tell whether it is a terminal that shows colour. */
type OutputStream = { isTTY?: boolean; hasColors?(env?: object): boolean };

/**
 * Whether to colour what is written to `stream`. A terminal follows Node's rules
 * (NO_COLOR, FORCE_COLOR, NODE_DISABLE_COLORS, TERM=dumb); anything else, such as a log
 * file or a pipe, gets plain text unless FORCE_COLOR asks for colour. Some libraries look
 * only at TERM and would write escape codes into log files.
 */
export function colorsWanted(stream: OutputStream, env: NodeJS.ProcessEnv = process.env): boolean {
  if (stream.isTTY) return stream.hasColors?.(env) ?? false;
  const force = env.FORCE_COLOR;
  return force !== undefined && force !== "0" && force !== "false";
}
