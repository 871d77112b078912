// Issue 14 item 7: every translated page shown in Traditional Chinese has no English left in its visible text
// (the English locale's own words are looked for, see untranslated.ts), and in Polish — the longest words —
// nothing sticks out of a 390 px phone screen. Screenshots of each page in both languages are kept for a look.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openaiChunk, openaiStream, type ScriptedResponse } from '@toolsmith/emulator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';
import { ENGLISH_WORDS, englishOnPage, overflowing } from './untranslated.js';

const app = browserStackForFile({ CUSTOM_TOOL_SCRIPT_ENABLED: 'true' });
let staticId: string;
let scriptId: string;
let bookId: string;
let chatId: string;
let simulationChatId: string;
let studioSessionId: string;

/** The emulator's streamed answer: some text, or tool calls. */
function answer(reply: {
  text?: string;
  calls?: Array<{ id: string; name: string; args: unknown }>;
}): ScriptedResponse {
  const chunks: unknown[] = [openaiChunk({ role: 'assistant', content: '' })];
  if (reply.text) chunks.push(openaiChunk({ content: reply.text }));
  (reply.calls ?? []).forEach((call, index) => {
    const fn = { name: call.name, arguments: JSON.stringify(call.args) };
    chunks.push(openaiChunk({ tool_calls: [{ index, id: call.id, type: 'function', function: fn }] }));
  });
  chunks.push(openaiChunk({}, { finishReason: reply.calls?.length ? 'tool_calls' : 'stop' }));
  return openaiStream(chunks);
}
let fileDir: string;

// a real MCP server package over stdio, so the MCP page shows a server's tool list
const EVERYTHING = join(
  dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist/index.js',
);

beforeAll(async () => {
  // user data in words no locale uses, so only the UI's own words can trip the scan
  const rzut = await apiPost<{ id: string }>(app.stack, '/api/tools', {
    name: 'rzut_kostka',
    description: 'Rzuca kostką.',
    kind: 'static',
    mode: 'read',
    staticResult: 'sześć',
    parameters: {
      type: 'object',
      properties: { boki: { type: 'integer', description: 'ile boków' } },
      required: ['boki'],
    },
  });
  staticId = rzut.id;
  // a tools file whose rzut_kostka differs from the stored one: the import review shows a conflict and a diff
  fileDir = mkdtempSync(join(tmpdir(), 'toolsmith-i18n-'));
  const tool = (name: string, description: string) => ({
    name,
    description,
    kind: 'static',
    mode: 'read',
    staticResult: 'sześć',
    parameters: { type: 'object', properties: {} },
  });
  writeFileSync(
    join(fileDir, 'narzedzia.json'),
    JSON.stringify({
      kind: 'toolsmith.tools',
      version: 1,
      tools: [tool('rzut_kostka', 'Rzuca dwiema kostkami.'), tool('losuj_karte', 'Losuje kartę.')],
    }),
  );
  const skrypt = await apiPost<{ id: string }>(app.stack, '/api/tools', {
    name: 'zapisz_stan',
    description: 'Zapisuje stan gry.',
    kind: 'script',
    mode: 'write',
    body: 'return { ok: true };',
    parameters: { type: 'object', properties: {} },
  });
  scriptId = skrypt.id;
  chatId = (await apiPost<{ id: string }>(app.stack, '/api/chats', { title: 'Smok wawelski' })).id;
  const bielik = await apiPost<{ id: string }>(app.stack, '/api/connections', {
    name: 'Bielik lokalnie',
    api: 'openai',
    baseUrl: `${app.stack.emulator.url}/v1`,
    model: 'bielik-11b',
  });
  // the Simulation page's run: a loop agent rolls the die (a read tool, run for real), saves the state (a write
  // tool, simulated and unvalidated), then answers
  simulationChatId = (
    await apiPost<{ id: string }>(app.stack, '/api/chats', { title: 'Wyprawa', connectionId: bielik.id })
  ).id;
  const profile = await fetch(`${app.stack.serverUrl}/api/orchestration`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1' },
    body: JSON.stringify({
      mode: 'loop',
      tools: [
        { ...staticTool('rzuc_koscia', 'read', 'cztery'), enabled: true },
        { ...staticTool('zapisz_los', 'write', 'zapisano'), enabled: true },
      ],
      loop: { agent: { name: 'narrator', systemPrompt: 'NARRATOR', tools: [] } },
      limits: { maxRounds: 3 },
    }),
  });
  if (!profile.ok) throw new Error(`PUT /api/orchestration → ${profile.status}: ${await profile.text()}`);
  app.stack.emulator.on('/v1/chat/completions', (request) => {
    const messages = (request.body as { messages: Array<{ role: string; content: unknown }> }).messages;
    // the Studio's authoring agent only answers
    if (!messages.some((m) => m.role === 'system' && String(m.content).includes('NARRATOR')))
      return answer({ text: 'Przeczytałem profil; na razie bez zmian.' });
    return messages[messages.length - 1].role === 'tool'
      ? answer({ text: 'Wypadła czwórka.' })
      : answer({
          calls: [
            { id: 'r1', name: 'rzuc_koscia', args: {} },
            { id: 'w1', name: 'zapisz_los', args: { wynik: 4 } },
          ],
        });
  });
  await apiPost(app.stack, '/api/presets', { name: 'Zimny', temperature: 0.2, stop: ['###'] });
  studioSessionId = (
    await apiPost<{ id: string }>(app.stack, '/api/studio/sessions', {
      chatId: simulationChatId,
      connectionId: bielik.id,
      goal: 'Niech narrator liczy złoto.',
    })
  ).id;
  const book = await apiPost<{ id: string }>(app.stack, '/api/lorebooks', { name: 'Kraina' });
  bookId = book.id;
  // two MCP servers: one approved (its tools are listed), one still waiting for its review
  const wszystko = await apiPost<{ id: string; review: { fingerprint: string } }>(
    app.stack,
    '/api/mcp/servers',
    {
      name: 'wszystko',
      transport: 'stdio',
      command: process.execPath,
      args: [EVERYTHING, 'stdio'],
      env: { ZETON: 'tajne' },
    },
  );
  await apiPost(app.stack, `/api/mcp/servers/${wszystko.id}/approve`, {
    fingerprint: wszystko.review.fingerprint,
  });
  await apiPost(app.stack, '/api/characters', { name: 'Smoczyca', description: 'Strzeże jaskini.' });
  // a card with a script and a static tool, and a lorebook named like the stored one (with other entries)
  writeFileSync(
    join(fileDir, 'smok.json'),
    JSON.stringify({
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: {
        name: 'Smok',
        description: 'Mieszka pod Wawelem.',
        first_mes: 'Witaj.',
        character_book: {
          name: 'Kraina',
          entries: [{ keys: ['jama'], content: 'Jama jest ciemna.', enabled: true, insertion_order: 100 }],
        },
        extensions: {
          toolsmith: {
            version: 1,
            tools: [
              { ...staticTool('policz_owce', 'read', 'trzy'), enabled: true },
              {
                name: 'zjedz_owce',
                description: 'Zjada owcę.',
                parameters: { type: 'object', properties: {} },
                mode: 'write',
                kind: 'script',
                body: 'return { zjedzone: true };',
                enabled: true,
              },
            ],
          },
        },
      },
    }),
  );
  await apiPost(app.stack, '/api/mcp/servers', {
    name: 'czekajacy',
    transport: 'stdio',
    command: process.execPath,
    args: [EVERYTHING, 'stdio'],
  });
});
afterAll(async () => {
  if (fileDir) rmSync(fileDir, { recursive: true, force: true });
});

interface PageCheck {
  name: string;
  hash: string;
  /** a heading that says the page (in zh-TW) has loaded */
  ready: (page: Page) => Promise<boolean>;
  /** after loading: open the parts users open (tabs, kinds) so their text is scanned too */
  open?: (page: Page) => Promise<void>;
  /** English words that are code here (`async (args, ctx) => …`) */
  allow?: string[];
}

const staticTool = (name: string, mode: 'read' | 'write', staticResult: string) => ({
  name,
  description: `Narzędzie ${name}.`,
  parameters: { type: 'object', properties: {} },
  mode,
  kind: 'static',
  staticResult,
});

const heading = (text: string) => (page: Page) =>
  page.getByRole('heading', { name: text, exact: true }).first().isVisible();

const PAGES: PageCheck[] = [
  { name: 'functions', hash: '#/functions', ready: heading('你的函式') },
  {
    name: 'tool-editor-static',
    hash: '',
    ready: heading('基本資料'),
    open: async (page) => {
      await page.getByRole('button', { name: '執行', exact: true }).click();
      await poll(() => page.getByRole('heading', { name: '結果（文字）' }).isVisible()).toBe(true);
    },
  },
  {
    name: 'tool-editor-script',
    hash: '',
    ready: heading('指令碼參考'),
    allow: ['async'],
    open: async (page) => {
      await page.getByRole('tab', { name: 'JSON Schema' }).click();
    },
  },
  {
    name: 'functions-import-review',
    hash: '#/functions',
    ready: heading('你的函式'),
    open: async (page) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: '從 ZIP 或 JSON 匯入函式' }).click();
      await (await chooser).setFiles(join(fileDir, 'narzedzia.json'));
      await poll(() => page.getByRole('heading', { name: '檢視匯入：narzedzia.json' }).isVisible()).toBe(
        true,
      );
      await page.getByRole('radio', { name: '取代' }).check();
      await page.getByRole('button', { name: '試跑' }).click();
      await poll(() => page.getByText('試跑，未寫入任何東西').isVisible()).toBe(true);
    },
  },
  { name: 'tool-editor-new', hash: '#/functions/new', ready: heading('基本資料') },
  {
    name: 'connections',
    hash: '#/connections',
    ready: heading('Bielik lokalnie'),
    open: async (page) => {
      await page.getByRole('button', { name: '新增連線' }).click();
      await poll(() => page.getByText('從預設開始').isVisible()).toBe(true);
    },
  },
  {
    name: 'connection-edit-anthropic',
    hash: '#/connections',
    ready: heading('Bielik lokalnie'),
    open: async (page) => {
      await page.getByRole('button', { name: '編輯 Bielik lokalnie' }).click();
      await page.getByRole('combobox', { name: 'API 類型' }).selectOption('anthropic');
      await poll(() => page.getByText('提示詞快取').isVisible()).toBe(true);
    },
  },
  {
    name: 'presets',
    hash: '#/presets',
    ready: heading('Zimny'),
    open: async (page) => {
      await page.getByRole('button', { name: '新增預設集' }).click();
      await poll(() => page.getByRole('textbox', { name: '停止字串' }).isVisible()).toBe(true);
    },
  },
  { name: 'lorebooks', hash: '#/lorebooks', ready: heading('Kraina') },
  { name: 'chats', hash: '#/chats', ready: heading('聊天') },
  {
    name: 'personas',
    hash: '#/personas',
    ready: heading('使用者角色'),
    open: async (page) => {
      await page.getByRole('button', { name: '新增使用者角色' }).click();
      await poll(() => page.getByRole('form').isVisible()).toBe(true);
    },
  },
  {
    name: 'agents',
    hash: '#/agents',
    ready: heading('編排設定檔'),
    open: async (page) => {
      // the profile's own tools, then the spec mode's tool switches and a new node's tool overrides opened
      await poll(() => page.getByRole('heading', { name: '設定檔工具' }).isVisible()).toBe(true);
      await page.getByRole('radio', { name: /^規格（節點圖）/ }).check();
      await page.getByRole('button', { name: '新增節點' }).click();
      await page.locator('.node-card details.overrides summary').first().click();
      await poll(() => page.getByRole('group', { name: /的工具覆寫：內建$/ }).isVisible()).toBe(true);
      await poll(() =>
        page.getByRole('group', { name: '規格（節點圖）模式的工具：來自角色' }).isVisible(),
      ).toBe(true);
    },
  },
  {
    name: 'agents-pinned-tools',
    hash: '#/agents',
    ready: heading('編排設定檔'),
    open: async (page) => {
      await page
        .getByRole('button', { name: /：選擇工具$/ })
        .first()
        .click();
      const picker = page.getByRole('dialog');
      await poll(() => picker.getByRole('group', { name: '內建' }).isVisible()).toBe(true);
      await poll(() => picker.getByText('勾選的工具就是代理自己的清單').isVisible()).toBe(true);
    },
  },
  {
    name: 'agents-add-tool',
    hash: '#/agents',
    ready: heading('編排設定檔'),
    open: async (page) => {
      await page.getByRole('button', { name: '新增自訂工具' }).click();
      const dialog = page.getByRole('dialog', { name: '新增自訂工具' });
      await poll(() => dialog.getByRole('heading', { name: '基本資料' }).isVisible()).toBe(true);
    },
  },
  {
    name: 'characters',
    hash: '#/characters',
    ready: heading('Smoczyca'),
    open: async (page) => {
      await page.getByRole('button', { name: '新增角色' }).click();
      await poll(() => page.getByRole('textbox', { name: '其他開場白' }).isVisible()).toBe(true);
    },
  },
  {
    name: 'character-edit',
    hash: '#/characters',
    ready: heading('Smoczyca'),
    open: async (page) => {
      await page.getByRole('button', { name: '編輯「Smoczyca」' }).click();
      await poll(() => page.getByRole('heading', { name: '角色工具' }).isVisible()).toBe(true);
      await poll(() => page.getByText('這個角色沒有附帶工具。').isVisible()).toBe(true);
    },
  },
  {
    name: 'card-import-review',
    hash: '#/characters',
    ready: heading('Smoczyca'),
    open: async (page) => {
      await page.getByLabel('要匯入的角色卡檔案').setInputFiles(join(fileDir, 'smok.json'));
      const review = page.getByRole('region', { name: '檢查「Smok」的工具' });
      await poll(() => review.getByText('已選取 2 / 2 個工具').isVisible()).toBe(true);
      await poll(() => review.getByRole('group', { name: '世界書「Kraina」' }).isVisible()).toBe(true);
      await poll(() => review.getByText('匯入後停用').isVisible()).toBe(true);
    },
  },
  {
    name: 'mcp',
    hash: '#/mcp',
    ready: heading('Toolsmith 作為 MCP 伺服器'),
    open: async (page) => {
      // the approved server's tools (the server starts), then the form for a new stdio server
      await page.getByRole('listitem', { name: 'wszystko' }).getByRole('button', { name: '工具' }).click();
      const tools = page.getByRole('list', { name: 'wszystko 的工具' });
      await poll(() => tools.getByRole('switch', { name: 'echo 開啟' }).isVisible(), {
        timeout: 30_000,
      }).toBe(true);
      await poll(() => page.getByText('已連線', { exact: true }).isVisible()).toBe(true);
      await page.getByRole('button', { name: '新增 MCP 伺服器' }).click();
      await poll(() => page.getByRole('textbox', { name: /^引數/ }).isVisible()).toBe(true);
    },
  },
  {
    name: 'mcp-review',
    hash: '#/mcp',
    ready: heading('Toolsmith 作為 MCP 伺服器'),
    open: async (page) => {
      // the form for an HTTP server, then the review of the waiting one
      await page.getByRole('button', { name: '新增 MCP 伺服器' }).click();
      await page.getByRole('combobox', { name: '傳輸方式' }).selectOption('http');
      await poll(() => page.getByRole('textbox', { name: /^標頭/ }).isVisible()).toBe(true);
      await page
        .getByRole('listitem', { name: 'czekajacy' })
        .getByRole('button', { name: '檢查並核准' })
        .click();
      const review = page.getByRole('dialog', { name: '檢查 czekajacy' });
      await poll(() => review.getByText('無（值已隱藏）').isVisible()).toBe(true);
    },
  },
  {
    name: 'lorebook-editor',
    hash: '',
    ready: heading('Kraina'),
    open: async (page) => {
      await page.getByRole('button', { name: '新增條目' }).click();
      await page.getByRole('combobox', { name: '位置' }).selectOption('depth');
      await poll(() => page.getByText('深度', { exact: true }).isVisible()).toBe(true);
    },
  },
  {
    name: 'chat-settings',
    hash: '',
    ready: (page) => page.locator('button[aria-controls="chat-settings"]').isVisible(),
    open: async (page) => {
      // the header's button (the no-connection notice has a link-button of the same name)
      await page.locator('button[aria-controls="chat-settings"]').click();
      await poll(() => page.getByRole('heading', { name: '世界資訊' }).isVisible()).toBe(true);
      await poll(() => page.getByRole('heading', { name: '此聊天中的函式' }).isVisible()).toBe(true);
      await page.getByRole('button', { name: '選擇函式' }).click();
      await poll(() => page.getByRole('group', { name: '全域函式' }).isVisible()).toBe(true);
    },
  },
  {
    name: 'simulation',
    hash: '',
    ready: heading('模擬'),
    open: async (page) => {
      await page.getByRole('button', { name: '執行模擬' }).click();
      const result = page.getByRole('region', { name: '模擬結果' });
      await poll(() => result.getByText('模擬：未寫入任何資料').isVisible()).toBe(true);
      await poll(() => result.getByText('1 項未驗證').isVisible()).toBe(true);
      // the read call's details (closed at first) show its real result
      await result.getByRole('listitem', { name: '呼叫 rzuc_koscia' }).locator('summary').click();
      await poll(() => result.getByText('實際執行（讀取型工具）').isVisible()).toBe(true);
      await poll(() => result.getByText('未呼叫工具即回答').isVisible()).toBe(true);
    },
  },
  { name: 'studio', hash: '#/studio', ready: heading('工作室') },
  {
    name: 'studio-session',
    hash: '',
    ready: heading('提案'),
    open: async (page) => {
      await poll(() => page.getByText('Przeczytałem profil; na razie bez zmian.').isVisible()).toBe(true);
      await poll(() => page.getByRole('heading', { name: '設定檔歷史' }).isVisible()).toBe(true);
      // what replaced a version is said in the language too (the server stores the details, not words)
      await poll(() => page.getByText('在設定檔編輯器中儲存').isVisible()).toBe(true);
    },
  },
];

async function openIn(language: 'zh-TW' | 'pl', width: number, height: number) {
  const context = await app.browser.newContext({
    baseURL: app.stack.serverUrl,
    locale: language,
    viewport: { width, height },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors, close: () => context.close() };
}

function hashOf(check: PageCheck): string {
  if (check.name === 'tool-editor-static') return `#/functions/${staticId}`;
  if (check.name === 'tool-editor-script') return `#/functions/${scriptId}`;
  if (check.name === 'lorebook-editor') return `#/lorebooks/${bookId}`;
  if (check.name === 'chat-settings') return `#/chats/${chatId}`;
  if (check.name === 'simulation') return `#/simulation/${simulationChatId}`;
  if (check.name === 'studio-session') return `#/studio/${studioSessionId}`;
  return check.hash;
}

const missingKeys = (page: Page) =>
  page.evaluate(() => (window as unknown as { __i18nMissing: string[] }).__i18nMissing);

describe('translated pages', () => {
  it('the scan knows the English words (a sanity check of the word list)', () => {
    for (const word of ['create', 'function', 'parameters', 'save', 'delete'])
      expect(ENGLISH_WORDS.has(word), word).toBe(true);
    expect(ENGLISH_WORDS.has('json')).toBe(false);
  });

  it.each(PAGES)('$name in 繁體中文 shows no English', async (check) => {
    const { page, errors, close } = await openIn('zh-TW', 1280, 860);
    await page.goto(`/${hashOf(check)}`);
    await poll(() => check.ready(page)).toBe(true);
    await check.open?.(page);
    expect(await englishOnPage(page, check.allow)).toEqual([]);
    expect(await missingKeys(page)).toEqual([]);
    await screenshot(page, `i18n-${check.name}-zh-TW-desktop`);
    expect(errors).toEqual([]);
    await close();
  });

  // the profile editor's own fields by name (the full scan of the Agents page is in PAGES)
  it('the orchestration profile editor’s frame, modes, agents and limits in 繁體中文 and Polski', async () => {
    const zh = await openIn('zh-TW', 1280, 860);
    await zh.page.goto('/#/agents');
    const form = zh.page.getByRole('form', { name: '編排設定檔' });
    await poll(() => form.getByRole('heading', { name: '編排設定檔' }).isVisible()).toBe(true);
    await poll(() => form.getByRole('button', { name: '儲存設定檔' }).isVisible()).toBe(true);
    await poll(() => form.getByRole('tab', { name: 'JSON（進階）' }).isVisible()).toBe(true);
    const modes = form.getByRole('group', { name: '模式' });
    await poll(() => modes.getByText('由導演將任務委派給具名的子代理。').isVisible()).toBe(true);
    await poll(() => form.getByRole('region', { name: '迴圈的代理' }).isVisible()).toBe(true);
    const loopAgent = form.getByRole('group', { name: '迴圈代理' });
    await poll(() => loopAgent.getByRole('textbox', { name: '系統提示詞' }).isVisible()).toBe(true);
    await poll(() => loopAgent.getByRole('combobox', { name: '代理' }).inputValue()).toBe('');
    await poll(() => loopAgent.getByText('在此直接寫出').count()).toBe(1);
    await poll(() => form.getByRole('heading', { name: '迴圈模式的工具' }).isVisible()).toBe(true);
    await poll(() => form.getByText('自訂與角色工具預設開啟').isVisible()).toBe(true);
    const limits = form.getByRole('group', { name: '限制' });
    await poll(() =>
      limits.getByRole('spinbutton', { name: '每個代理的工具輪數' }).getAttribute('placeholder'),
    ).toBe('伺服器預設值');
    for (const english of ['Orchestration profile', 'Save profile', 'Limits', 'Loop agent', 'System prompt'])
      expect(await form.getByText(english, { exact: true }).count(), english).toBe(0);
    expect(await missingKeys(zh.page)).toEqual([]);
    await screenshot(zh.page, 'i18n-agents-profile-zh-TW-desktop');
    expect(zh.errors).toEqual([]);
    await zh.close();

    const pl = await openIn('pl', 390, 844);
    await pl.page.goto('/#/agents');
    await poll(() => pl.page.getByRole('heading', { name: 'Profil orkiestracji' }).isVisible()).toBe(true);
    await poll(() => pl.page.getByRole('group', { name: 'Limity' }).isVisible()).toBe(true);
    expect(await overflowing(pl.page)).toEqual([]);
    expect(await missingKeys(pl.page)).toEqual([]);
    await screenshot(pl.page, 'i18n-agents-profile-pl-phone');
    expect(pl.errors).toEqual([]);
    await pl.close();
  });

  it.each(PAGES)('$name in Polski fits a 390 px phone', async (check) => {
    const { page, errors, close } = await openIn('pl', 390, 844);
    await page.goto(`/${hashOf(check)}`);
    await poll(() => page.evaluate(() => document.documentElement.lang)).toBe('pl');
    await poll(() => page.locator('h1').first().isVisible()).toBe(true);
    await poll(() => page.getByText('Wczytywanie…').count()).toBe(0);
    expect(await overflowing(page)).toEqual([]);
    expect(await missingKeys(page)).toEqual([]);
    await screenshot(page, `i18n-${check.name}-pl-phone`);
    expect(errors).toEqual([]);
    await close();
  });
});
