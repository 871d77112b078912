// Which parts of Luker's script API a tool body uses, for the import review and the editor: what runs here
// (docs/luker-scripts.md) and what cannot. Fields Toolsmith scripts share with Luker's (ctx.chat,
// ctx.variables, ...) are not listed: they are not a sign of a Luker tool. A plain text scan: a body that only mentions a name in a comment
// is listed too, which errs on the side of telling the user.

export interface LukerFeatureReport {
  /** Luker features the body uses that Toolsmith provides */
  supported: string[];
  /** features that cannot work here; each throws (stubs) or is undefined in the sandbox */
  unsupported: string[];
  /** the body calls fetch: it needs the tool's "Allow fetch" permission */
  needsFetch: boolean;
}

const SUPPORTED: ReadonlyArray<[string, RegExp]> = [
  ['ctx.__lukerRun', /\b__lukerRun\b/],
  ['abort signal', /\babortSignal\b|\.signal\b/],
  ['eventSource.on/once/off', /\beventSource\s*\.\s*(?:on|once|off|removeListener|makeFirst|makeLast)\b/],
  ['eventSource.emit', /\beventSource\s*\.\s*emit(?:AndWait)?\b/],
  ['eventTypes', /\beventTypes\b/],
  ['ctx.wiFinalizedPayload', /\bwiFinalizedPayload\b/],
  ['setTimeout', /\b(?:set|clear)Timeout\b/],
  ['setInterval', /\b(?:set|clear)Interval\b/],
  ['fetch', /(?<![\w$.])fetch\s*\(/],
  ['AbortController', /\bAbortController\b/],
];

const UNSUPPORTED: ReadonlyArray<[string, RegExp]> = [
  ['ctx.__floorStateForNotes', /\b__floorStateForNotes\b/],
  ['ctx.__customToolRegistry', /\b__customToolRegistry\b/],
  ['ctx.__memoryGraphSession', /\b__memoryGraphSession\b/],
  ['SillyTavern.getContext()', /\bSillyTavern\b|\bgetContext\s*\(/],
  ['DOM (window / document)', /\b(?:window|document)\s*\./],
  ['localStorage', /\b(?:local|session)Storage\b/],
  ['XMLHttpRequest', /\bXMLHttpRequest\b/],
  ['import / require', /\bimport\s*\(|\brequire\s*\(/],
];

export function lukerFeatures(body: string): LukerFeatureReport {
  const text = typeof body === 'string' ? body : '';
  return {
    supported: SUPPORTED.filter(([, re]) => re.test(text)).map(([name]) => name),
    unsupported: UNSUPPORTED.filter(([, re]) => re.test(text)).map(([name]) => name),
    needsFetch: /(?<![\w$.])fetch\s*\(/.test(text),
  };
}
