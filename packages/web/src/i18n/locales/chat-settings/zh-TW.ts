// 聊天設定的角色、使用者角色與編排區塊（繁體中文，臺灣用語）。
export default {
  characters: {
    loadFailed: '無法載入角色：{{message}}',
    none: '還沒有角色。<create>建立或匯入一個</create>。',
    legend: '此聊天中的角色',
    group: '群組聊天：每個勾選的角色都會參與。',
  },
  persona: {
    loadFailed: '無法載入使用者角色：{{message}}',
    label: '使用者角色',
    none: '不使用使用者角色',
    current: '（目前的使用者角色）',
    empty: '還沒有使用者角色。<create>建立一個</create>。',
  },
  orchestration: {
    heading: '編排',
    runBefore: '在每次回覆前執行',
    runBeforeHint:
      '由代理準備筆記、世界資訊與變數：單一代理（迴圈）、帶子代理的導演、節點圖（規格）或處理議程的規劃者。',
    runBeforeLabel: '在每次回覆前執行編排',
    mode: '編排模式',
    profileDefault: '設定檔預設值',
    modes: {
      loop: '迴圈',
      director: '導演',
      spec: '規格（節點圖）',
      agenda: '議程（規劃者）',
    },
    simulate: '模擬此聊天的編排',
    lastLoadFailed: '無法載入上次執行：{{message}}',
    last: '上次執行',
    noRun: '尚未執行：開啟後會在下一次回覆前執行。',
    lastLabel: '上次編排執行',
    counts: '{{agents}}、{{calls}}',
    agents_other: '{{count}} 個代理',
    calls_other: '{{count}} 次工具呼叫',
    failed: '失敗（{{code}}）：{{message}}',
    notes: '<strong>筆記：</strong>{{notes}}',
    notesNone: '無',
    forced: '<strong>強制的世界資訊：</strong>{{entries}}',
    variables: '<strong>變數：</strong>{{names}}',
  },
};
