import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyCard } from '../../characters/character-card.js';
import { storedTool } from '../../test-support/stored-tool.js';
import { makeTempDir } from '../../test-support/temp-dir.js';
import { characterToolScope, DuplicateNameError, type Storage } from '../types.js';
import { createSqliteStorage } from './sqlite-storage.js';

const book = {
  name: 'Lore',
  description: '',
  global: false,
  disabled: false,
  scanDepth: null,
  caseSensitive: null,
  matchWholeWords: null,
  entries: [{ uid: 0, keys: ['x'], content: 'X.' }],
};

describe('SQLite character repository', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let storage: Storage;
  beforeEach(() => {
    temp = makeTempDir();
    storage = createSqliteStorage(temp.dir);
  });
  afterEach(async () => {
    await storage.close();
    temp.remove();
  });

  it('stores a character with its tools and lorebook together', async () => {
    const created = await storage.characters.create(
      { card: emptyCard('Ayla'), avatar: new Uint8Array([1, 2, 3]) },
      { tools: [storedTool('a'), storedTool('b')], lorebook: book },
    );
    expect(created).toMatchObject({ name: 'Ayla', hasAvatar: true });
    expect(created.lorebookId).toMatch(/^lb_/);
    expect((await storage.lorebooks.get(created.lorebookId!))?.entries).toEqual(book.entries);
    const tools = await storage.tools.list(characterToolScope(created.id));
    expect(tools.map((t) => [t.name, t.order])).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
    expect(await storage.tools.list()).toEqual([]);
    expect(await storage.characters.getAvatar(created.id)).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('a failure on any row leaves nothing stored: no character, no lorebook, no tools', async () => {
    await expect(
      storage.characters.create(
        { card: emptyCard('Broken') },
        { tools: [storedTool('same'), storedTool('same')], lorebook: book },
      ),
    ).rejects.toBeInstanceOf(DuplicateNameError);
    expect(await storage.characters.list()).toEqual([]);
    expect(await storage.lorebooks.list()).toEqual([]);
  });

  it('updates only what is given; deleting removes the tools and leaves the lorebook; the chat keeps its list', async () => {
    const created = await storage.characters.create(
      { card: emptyCard('A') },
      { tools: [storedTool('t')], lorebook: book },
    );
    const updated = await storage.characters.update(created.id, { card: { ...created.card, name: 'B' } });
    expect(updated).toMatchObject({ name: 'B', hasAvatar: false, lorebookId: created.lorebookId });
    const withAvatar = await storage.characters.update(created.id, { avatar: new Uint8Array([9]) });
    expect(withAvatar?.card.name).toBe('B');
    expect(withAvatar?.hasAvatar).toBe(true);
    const chat = await storage.chats.create({
      title: 'c',
      connectionId: null,
      presetId: null,
      characterIds: [created.id],
      settings: { toolUse: false, tools: [] },
    });
    expect(chat.characterIds).toEqual([created.id]);
    expect(await storage.characters.delete(created.id)).toBe(true);
    expect(await storage.characters.delete(created.id)).toBe(false);
    expect(await storage.tools.list(characterToolScope(created.id))).toEqual([]);
    expect(await storage.lorebooks.list()).toHaveLength(1);
    expect((await storage.chats.get(chat.id))?.characterIds).toEqual([created.id]);
    // the character's lorebook deleted: the reference is cleared
    const other = await storage.characters.create({ card: emptyCard('C') }, { lorebook: book });
    await storage.lorebooks.delete(other.lorebookId!);
    expect((await storage.characters.get(other.id))?.lorebookId).toBeNull();
  });
});
