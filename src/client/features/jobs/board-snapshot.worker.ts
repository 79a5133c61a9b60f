// The board's worker: reads, downloads, validates and stores the whole board off the main thread, and sends the
// jobs to the page in pieces (board-snapshot-protocol.ts). Started by board-snapshot-client.ts on first use.
import type { BoardReply, BoardRequest } from './board-snapshot-protocol.ts';
import { runBoardTask } from './board-snapshot-tasks.ts';

/** The parts of a dedicated worker's global scope used here (the project's types are the page's). */
interface BoardWorkerScope {
  onmessage: ((event: MessageEvent<BoardRequest>) => void) | null;
  postMessage(reply: BoardReply): void;
}

const scope = self as unknown as BoardWorkerScope;

scope.onmessage = (event) => {
  void runBoardTask(event.data, (reply) => scope.postMessage(reply));
};
