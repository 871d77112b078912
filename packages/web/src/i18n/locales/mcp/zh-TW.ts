// MCP 伺服器頁面：列表與 Toolsmith 自己的 MCP 端點（繁體中文，臺灣用語）。
export default {
  new: '新增 MCP 伺服器',
  intro: 'Model Context Protocol 伺服器的工具會加入你的函式：模型可以像呼叫其他工具一樣呼叫它們。',
  empty: '還沒有 MCP 伺服器。新增一個，即可在聊天中使用它的工具。',
  status: {
    disabled: '關閉',
    needs_approval: '等待核准',
    idle: '尚未啟動',
    connecting: '連線中',
    connected: '已連線',
    error: '錯誤',
  },
  tools_other: '{{count}} 個工具',
  onNamed: '{{name}} 開啟',
  review: '檢查並核准',
  toolsButton: '工具',
  editNamed: '編輯 {{name}}',
  deleteNamed: '刪除 {{name}}',
  deleteTitle: '刪除 MCP 伺服器',
  deleteConfirm: '要刪除<strong>{{name}}</strong>嗎？它的工具會從每個聊天中移除；執行中的程序會被停止。',
  sharing: {
    title: 'Toolsmith 作為 MCP 伺服器',
    hint: 'MCP 用戶端可在 <code>{{url}}</code> 使用你已啟用的全域函式與內建函式（Streamable HTTP；從其他電腦連線時需加上 <code>{{header}}</code>）。',
    switch: '一併分享 MCP 伺服器的工具',
    text: '一併分享下方 MCP 伺服器的工具',
  },
};
