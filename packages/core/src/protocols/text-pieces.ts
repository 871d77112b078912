const BLOCK = 1024;
/** the block before the first piece: full, so the first piece starts a real one */
const NO_BLOCK: string[] = [];

/**
 * Text that grows piece by piece (a streamed answer's content) and is read rarely: the pieces are kept in
 * fixed blocks of slots and joined when read. A rope (`+=`) leaves a 32-byte cons cell per piece, which
 * the young-generation collector copies and promotes while the answer streams; a slot is 8 bytes in a
 * block that is copied at most once or twice. On 16-character chunks that is about a third of the
 * collector's work per streamed MiB (the parser families bench).
 */
export class TextPieces {
  /** everything before `blocks`, already joined */
  private joined = '';
  private readonly blocks: string[][] = [];
  private block = NO_BLOCK;
  private count = BLOCK;

  add(s: string): void {
    if (this.count === BLOCK) this.startBlock();
    this.block[this.count++] = s;
  }

  /** All the text so far (joined once; later reads of the same text cost nothing). */
  text(): string {
    if (this.block === NO_BLOCK) return this.joined;
    let text = this.joined;
    for (const block of this.blocks) text += block.join('');
    text += this.block.slice(0, this.count).join('');
    this.blocks.length = 0;
    this.block = NO_BLOCK;
    this.count = BLOCK;
    this.joined = text;
    return text;
  }

  private startBlock(): void {
    // a block allocated whole: appending to a growing array would copy it as it grows
    if (this.block !== NO_BLOCK) this.blocks.push(this.block);
    this.block = new Array(BLOCK);
    this.count = 0;
  }
}
