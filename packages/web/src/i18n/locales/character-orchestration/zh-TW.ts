// 角色頁：角色的協作編排覆寫（繁體中文）。
export default {
  title: '此角色的協作編排',
  choice: '協作編排來源',
  inherit: '沿用（不覆寫）',
  override: '覆寫',
  inheritHint: '與此角色的聊天會執行全域協作編排設定檔（代理頁面）。',
  overrideHint:
    '在下方編輯設定檔；只會儲存與全域設定檔不同的部分，存於角色卡中，匯出時一併帶走。已儲存的代理會完整寫出。',
  effective: '與此角色的聊天會執行：',
  fromGlobal: '{{mode}} 模式（{{agents}}），來自全域設定檔。',
  fromOverride: '{{mode}} 模式（{{agents}}），來自此角色的覆寫。',
  overrides: '已覆寫：{{keys}}。',
  problems: '協作編排覆寫的問題',
  save: '儲存協作編排',
  saving: '儲存中…',
  saved: '已儲存覆寫。',
  inheriting: '沿用全域設定檔。',
  reset: '重設為沿用',
  loadFailed: '無法載入協作編排覆寫：{{message}}',
};
