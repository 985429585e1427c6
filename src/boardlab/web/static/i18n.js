// The zh/en switch: a tiny dictionary and the current language (kept in localStorage).
const WORDS = {
  lobby: ["大厅", "Lobby"], newTable: ["开新桌", "New table"], players: ["人数", "Players"],
  options: ["选项与变体", "Options & variants"], seats: ["座位", "Seats"], human: ["真人", "Human"],
  bot: ["机器人", "Bot"], create: ["创建", "Create"], hotseat: ["同屏轮流（一台设备多人）", "Hot-seat (several people, one device)"],
  openTables: ["桌子", "Tables"], join: ["入座", "Join"], watch: ["观战", "Watch"], start: ["开始游戏", "Start game"],
  invite: ["邀请链接", "Invite links"], open: ["等待中", "open"], running: ["进行中", "running"], over: ["已结束", "over"],
  yourTurn: ["轮到你选择", "Your choice"], waitOthers: ["等待其他玩家…", "Waiting for the others…"],
  spectator: ["观战中", "Spectating"], log: ["记录", "Log"], handOver: ["请把设备交给", "Hand the device to"],
  ready: ["我准备好了", "I'm ready"], final: ["终局", "Final scores"], score: ["得分", "Score"], winner: ["胜者", "Winner"],
  toBot: ["交给机器人", "Hand to bot"], notStarted: ["等待房主开始", "Waiting for the host to start"],
  hand: ["手牌", "Hand"], you: ["你", "you"], chosen: ["已选择，等待揭示", "Chosen - waiting for the reveal"],
  lobbyEmpty: ["还没有桌子，开一桌吧！", "No tables yet - open one!"], name: ["名字", "Name"], noGames: ["没有游戏", "No games"],
  enterTable: ["进入桌子", "Go to the table"], seat: ["座位", "Seat"], back: ["返回大厅", "Back to lobby"],
  reconnecting: ["重新连接中…", "Reconnecting…"], private: ["仅限邀请链接", "Invite links only"],
  record: ["下载对局记录", "Download the record"], thisDevice: ["在这台设备上轮流", "takes turns on this device"],
  toBotAsk: ["确定交给机器人？再点一次", "Hand to a bot? Tap again"], rules: ["规则", "Rules"],
  speed: ["节奏", "Pace"], details: ["显示算式", "Show the sums"], defaultIs: ["默认", "default"],
  rulebookNumber: ["规则书的数值", "the rulebook's number"], sheetOpen: ["展开选项", "Show the choices"],
  sheetClose: ["收起选项", "Fold the choices away"],
  moreOptions: ["更多选项", "More options"], abandoned: ["无人继续", "abandoned"], closed: ["已关闭", "closed"],
  yourSeat: ["你的座位", "Your seat"], yourTable: ["你开的桌", "Your table"], replay: ["回放", "Replay"],
  resume: ["回到桌上", "Back to the table"], seeEnd: ["看终局", "See the end"], finishedTables: ["已结束的桌", "Finished tables"],
  endedAt: ["结束于", "ended"], replaySeat: ["看谁的视角", "Whose view"], replayFirst: ["第一步", "First step"],
  replayBack: ["上一步", "Step back"], replayNext: ["下一步", "Next step"], replayLast: ["最后一步", "Last step"],
  replayMoved: ["这一步：", "This step:"], turnTimer: ["每步限时", "Turn timer"],
  noTimer: ["不限时", "no timer"], timeLeft: ["剩余时间", "Time left"], alertSound: ["轮到我时响铃", "Ring on my turn"],
  yourTurnTitle: ["轮到你了", "Your turn"], rematch: ["再来一局", "Rematch"], rematchJoin: ["加入再来一局", "Join the rematch"],
  rematchGo: ["去再来一局的桌", "Go to the rematch"], rematchIn: ["已加入：", "in:"], rematchWatch: ["观看再来一局", "Watch the rematch"],
  rename: ["改名字", "Change your name"], changeChoice: ["改选（揭示前都可以改）", "Change my choice (until the reveal)"],
  changeTo: ["改成：", "Change it to:"], chat: ["聊天", "Chat"], chatSay: ["说点什么…", "Say something…"], chatSend: ["发送", "Send"], keepChoice: ["不改了", "Keep it"], undo: ["撤销", "Undo"],
  undoHint: ["收回这一回合里没有揭示任何新信息的选择（别人看不到）", "Take back this turn's choices that revealed nothing (nobody else sees them)"], save: ["保存", "Save"],
  level: ["难度", "Difficulty"], levelCustom: ["自选机器人", "a bot of your choice"],
  waitingSeats: ["等待其他玩家入座", "Waiting for the other players to take their seats"], lastMove: ["最近一步", "last move"], onBoard: ["在棋盘上点选（发光的位置）", "Choose on the board (the glowing places)"],
};

export function getLang() {
  return localStorage.getItem("boardlab:lang") || (navigator.language.startsWith("zh") ? "zh" : "en");
}
export function setLang(lang) { localStorage.setItem("boardlab:lang", lang); }
/** A UI word, or a {zh, en} text from the game. */
export function t(key) {
  const lang = getLang();
  if (key && typeof key === "object") return key[lang] ?? key.en ?? "";
  const w = WORDS[key];
  return w ? w[lang === "zh" ? 0 : 1] : String(key);
}
/** A language toggle button that calls onChange after switching. */
export function langButton(onChange) {
  const b = document.createElement("button");
  b.className = "secondary"; b.id = "lang";
  b.textContent = getLang() === "zh" ? "EN" : "中文";
  b.onclick = () => { setLang(getLang() === "zh" ? "en" : "zh"); b.textContent = getLang() === "zh" ? "EN" : "中文"; onChange(); };
  return b;
}
export function h(tag, attrs = {}, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") el.className = v; else if (k.startsWith("on")) el[k] = v;
    else if (k === "text") el.textContent = v; else if (v !== undefined && v !== null && v !== false) el.setAttribute(k, v);
  }
  for (const kid of kids.flat(Infinity)) if (kid !== null && kid !== undefined && kid !== false)
    el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  return el;
}
