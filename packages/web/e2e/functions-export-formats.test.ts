// The Functions page's export menu in Chromium: pick Marinara Engine or Luker, read what that app cannot hold,
// download its file, and the file is that app's format.
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

const app = browserStackForFile();

beforeAll(async () => {
  const tool = { parameters: { type: 'object', properties: {} }, mode: 'read', enabled: true };
  await apiPost(app.stack, '/api/tools', {
    ...tool,
    name: 'StoreHours',
    description: 'Opening hours.',
    kind: 'static',
    staticResult: 'Open 9-5',
  });
  await apiPost(app.stack, '/api/tools', {
    ...tool,
    name: 'lookup',
    description: 'Looks up.',
    kind: 'webhook',
    mode: 'write',
    webhookUrl: 'https://hooks.example.com/x?token=t0ps3cretT0ps3cret',
  });
});

describe('Functions page export menu', () => {
  it('exports for Marinara Engine and Luker with the lossy parts listed first', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/#/functions');
    const select = page.getByLabel('Export format');
    await poll(() => select.isVisible()).toBe(true);
    await poll(() => page.getByRole('button', { name: 'Export functions to ZIP' }).isEnabled()).toBe(true);

    await select.selectOption('marinara');
    const marinaraNotes = page.getByRole('region', { name: 'What Marinara Engine cannot hold' });
    await poll(() => marinaraNotes.textContent()).toContain('1 thing changes or stays behind');
    expect(await marinaraNotes.textContent()).toContain('StoreHours: Renamed to storehours');
    await screenshot(page, 'functions-export-marinara');
    const marinara = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export for Marinara Engine' }).click();
    const zipFile = await marinara;
    expect(zipFile.suggestedFilename()).toBe('marinara-functions.zip');
    const files = unzipSync(new Uint8Array(readFileSync((await zipFile.path())!)));
    const root = JSON.parse(strFromU8(files['marinara-functions.json']));
    expect(root.kind).toBe('marinara.function-folder');
    expect(root.functions.map((f: any) => f.manifest.config.name)).toEqual(['storehours', 'lookup']);
    expect(JSON.stringify(root)).not.toContain('t0ps3cret');
    await poll(() => page.getByText(/Exported marinara-functions.zip/).isVisible()).toBe(true);

    await select.selectOption('luker');
    const lukerNotes = page.getByRole('region', { name: 'What Luker cannot hold' });
    await poll(() => lukerNotes.textContent()).toContain('2 things change or stay behind');
    expect(await lukerNotes.textContent()).toContain('lookup: Luker has no webhook tools');
    const luker = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export for Luker' }).click();
    const presetFile = await luker;
    expect(presetFile.suggestedFilename()).toBe('luker-tools-preset.json');
    const preset = JSON.parse(readFileSync((await presetFile.path())!, 'utf8'));
    expect(preset.format).toBe('luker_orchestrator_profile_v4');
    expect(preset.profile.customTools.map((t: any) => t.name)).toEqual(['StoreHours']);

    await page.setViewportSize({ width: 390, height: 800 });
    await poll(() => lukerNotes.isVisible()).toBe(true);
    await screenshot(page, 'functions-export-luker-narrow');

    // back to Toolsmith: no notes, the original button
    await select.selectOption('toolsmith');
    await poll(() => lukerNotes.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Export functions to ZIP' }).isVisible()).toBe(true);
    await context.close();
  });
});
