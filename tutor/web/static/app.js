// The table companion's page: the hand by tapping cards, the auction by tapping calls,
// the Tafel. Everything it shows comes from the JSON API of `tutor serve`.
"use strict";

const CONFIG = JSON.parse(document.getElementById("config").textContent);
const TOKEN = document.querySelector('meta[name="tutor-token"]').content;
const $ = (id) => document.getElementById(id);

// The page's words in every language, from the message catalogs (tutor/web/app.py PAGE_TEXTS).
const T = CONFIG.texts;
const fill = (text, values) => text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));

const SAVED = JSON.parse(localStorage.getItem("tutor-table") || "{}");
const S = {
  lang: SAVED.lang || CONFIG.lang,
  rules: SAVED.rules || CONFIG.rules,
  seat: SAVED.seat || "C",
  dealer: SAVED.dealer || "D",
  partie: SAVED.partie || null,   // the Partie on the Tafel this game goes on: the advice knows its score
  hand: new Set(SAVED.hand || []),
  calls: SAVED.calls || [],
  tab: SAVED.tab || "bid",
  lesson: SAVED.lesson || "",
  learner: SAVED.learner || "",
  drill: null,        // the quiz's current drill
  pending: null,      // a number tapped, waiting for its suit; or "dopple"/"konter" waiting for a seat
  view: null,         // the session's JSON
};

function save() {
  localStorage.setItem("tutor-table", JSON.stringify({
    lang: S.lang, rules: S.rules, seat: S.seat, dealer: S.dealer, partie: S.partie, hand: [...S.hand],
    calls: S.calls, tab: S.tab, lesson: S.lesson, learner: S.learner}));
}

function t(key) { const v = T[S.lang][key]; return v === undefined ? key : v; }

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) e.append(c);
  return e;
}

function suitIcon(suit) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "suit");
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
  use.setAttribute("href", "#suit-" + suit.toLowerCase());
  svg.append(use);
  return svg;
}

// -- the API ---------------------------------------------------------------------------
function showError(text) {
  const box = $("error");
  box.textContent = text || "";
  box.hidden = !text;
}

// the error line sits right below the header (which wraps on a narrow phone), never over it
function headerHeight() {
  document.documentElement.style.setProperty("--header-h", `${document.querySelector("header").offsetHeight}px`);
}

async function api(path, params = {}, body = null) {
  const q = new URLSearchParams({...params, lang: S.lang});
  const opts = body === null ? {} : {
    method: "POST", body: JSON.stringify(body),
    headers: {"Content-Type": "application/json", "X-Tutor-Token": TOKEN}};
  const r = await fetch(`api/${path}?${q}`, opts);
  let data = null;
  try { data = await r.json(); } catch (e) { data = {error: r.statusText}; }
  if (!r.ok) { const err = new Error(data.error || r.statusText); err.status = r.status; throw err; }
  return data;
}

// -- the hand --------------------------------------------------------------------------
function handText() {
  return CONFIG.suits.map((s) => {
    const ranks = CONFIG.ranks.filter((r) => S.hand.has(`${s}:${r}`)).join("");
    return ranks ? `${s}:${ranks}` : "";
  }).filter(Boolean).join(" ");
}

function drawCards() {
  const box = $("cards");
  box.replaceChildren();
  for (const s of CONFIG.suits) {
    const row = el("div", {class: "suit-row"});
    row.append(el("span", {class: "suit-name", title: s}, suitIcon(s)));
    for (const r of CONFIG.ranks) {
      const key = `${s}:${r}`;
      const on = S.hand.has(key);
      const full = !on && S.hand.size >= 9;
      row.append(el("button", {type: "button", class: "card" + (on ? " on" : ""), "aria-pressed": on ? "true" : "false",
        "data-card": key, disabled: full, "aria-label": `${s} ${r}`, text: CONFIG.rank_names[S.lang][r],
        onclick: () => {
          on ? S.hand.delete(key) : S.hand.add(key);
          if (S.hand.size === 9) $("hand-box").open = false;   // the nine cards: make room for the auction
          save(); refresh();
        }}));
    }
    box.append(row);
  }
  $("hand-count").textContent = `${S.hand.size}/9`;
  $("hand-text").textContent = S.hand.size === 9 ? handText() : "";
}

// -- the auction -------------------------------------------------------------------------
let asked = 0;      // the newest refresh: an older answer that comes in late is dropped

async function refresh() {
  drawCards();
  const params = {seat: S.seat, dealer: S.dealer, calls: S.calls.join(","), rules: S.rules};
  if (S.hand.size === 9) params.hand = handText();
  if (S.partie) params.partie = S.partie;
  const mine = ++asked;
  try {
    const view = await api("table", params);
    if (mine !== asked) return;
    S.view = view;
    showError("");
  } catch (e) {
    if (mine !== asked) return;
    if (S.partie && e.status === 400) { S.partie = null; save(); refresh(); return; }   // the Partie was removed
    showError(e.message);
    if (S.calls.length && e.status === 400 && !S.view) { S.calls = []; save(); }
    return;
  }
  drawAuction();
}

function drawAuction() {
  const v = S.view;
  const list = $("calls");
  list.replaceChildren();
  if (!v.calls.length) list.append(el("li", {class: "empty", text: t("no_call")}));
  for (const c of v.calls) {
    const li = el("li", {class: c.seat === S.seat ? "mine" : ""}, el("span", {text: c.short}));
    for (const w of c.warnings) li.append(el("div", {class: "warn", text: "! " + w}));
    list.append(li);
  }
  $("state").textContent = v.state.over ? v.state_line : `${v.state_line}`;
  const adv = v.advice;
  $("advice").hidden = !(adv && adv.line);
  if (adv && adv.line) {
    $("advice-line").textContent = adv.line;
    $("reasons").replaceChildren(...adv.reasons.map((r) => el("li", {text: r})));
  }
  drawPad();
  $("pad").hidden = v.state.over;            // the auction is over: the card points come next
  $("next-box").hidden = v.state.over;
  // on a phone, the newest call and the advice just above the pad (which stays at the bottom)
  if (!$("hand-box").open && window.matchMedia("(max-width: 899px)").matches) {
    requestAnimationFrame(() => {
      const target = $("advice").hidden ? $("state") : $("advice");
      const below = $(v.state.over ? "result" : "pad");     // sticky at the bottom: keep clear of it
      target.style.scrollMarginBottom = `${below.offsetHeight + 8}px`;
      target.scrollIntoView({block: "end"});
    });
  }
  $("next").replaceChildren(...v.next.map((n) => el("li", {class: adv && adv.call === n.call && n.seat === S.seat ? "best" : "", text: n.short})));
  const over = v.state.over;
  const form = $("result");
  form.hidden = !over;
  const fort = over && !v.state.contract;          // four forts: no game, the deal passes on
  for (const e of form.querySelectorAll("label, .row")) e.hidden = fort;
  $("result-points").required = !fort;
  if (over) {
    const team = fort ? "" : ("AC".includes(v.state.declarer) ? "AC" : "BD");
    $("result-title").textContent = fort ? t("all_fort") :
      `${v.state.declarer}: ${v.state.contract} · ${t("points_of")} ${team}`;
  }
}

function legalSet() {
  const m = new Map();
  for (const l of S.view.legal) {
    if (!m.has(l.call)) m.set(l.call, []);
    m.get(l.call).push(l.seat);
  }
  return m;
}

function drawPad() {
  const legal = legalSet();
  const numbers = $("numbers");
  numbers.replaceChildren();
  const rules = CONFIG.profiles[S.rules];
  for (const n of rules.bids) {
    const any = rules.strains.some((s) => legal.has(`${n} ${s}`));
    numbers.append(el("button", {type: "button", class: "num" + (S.pending === n ? " on" : ""), disabled: !any,
      text: n === rules.matsch ? `${n}` : String(n), "data-number": n,
      onclick: () => { S.pending = S.pending === n ? null : n; drawPad(); }}));
  }
  const strains = $("strains");
  strains.replaceChildren();
  if (S.pending === "dopple" || S.pending === "konter") {
    strains.append(el("span", {class: "hint", text: t("seat_q")}));
    for (const seat of legal.get(S.pending) || []) {
      strains.append(el("button", {type: "button", class: "strain", text: `${seat}: ${S.pending}`,
        onclick: () => play(`${seat}: ${S.pending}`)}));
    }
  } else {
    for (const s of rules.strains) {
      const ok = typeof S.pending === "number" && legal.has(`${S.pending} ${s}`);
      const label = CONFIG.suits.includes(s) ? [suitIcon(s), el("span", {text: s})] : [el("span", {text: s})];
      strains.append(el("button", {type: "button", class: "strain", disabled: !ok, "data-strain": s,
        onclick: () => play(`${S.pending} ${s}`)}, ...label));
    }
  }
  for (const b of document.querySelectorAll("#pad .call")) {
    const word = b.dataset.call;
    b.disabled = !legal.has(word);
  }
  $("undo").disabled = !S.calls.length;
}

async function play(call) {
  S.pending = null;
  S.calls.push(call);
  const before = S.view;
  save();
  await refresh();
  if (S.view === before) { S.calls.pop(); save(); drawPad(); }   // refused: keep the auction
}

// -- the Tafel ---------------------------------------------------------------------------
async function loadTafel() {
  let data;
  try {
    data = await api("tafel/view");
  } catch (e) {
    showError(e.message);
    return;
  }
  showError("");
  showBoard(data.partie === null ? null : data);   // no Partie on the board yet: the New Partie form
}

function showBoard(data) {
  S.board = data;
  const partie = data && !data.over ? data.partie : null;
  if (partie !== S.partie) { S.partie = partie; save(); }   // the bidding's advice knows this score
  const board = $("board");
  board.replaceChildren();
  const rowsBox = $("board-rows");
  rowsBox.replaceChildren();
  $("new-partie").hidden = !!data && !data.table.over;
  $("add-game").hidden = !data || data.table.over;
  $("tafel-undo").disabled = !data || !data.table.rows.length;
  if (!data) return;
  const tb = data.table;
  const L = tb.labels;
  board.append(el("div", {class: "teams"},
    el("div", {class: "team"}, el("b", {text: "AC"}), " " + tb.teams.AC, el("strong", {class: "total", "data-team": "AC", text: tb.board.AC})),
    el("div", {class: "team"}, el("b", {text: "BD"}), " " + tb.teams.BD, el("strong", {class: "total", "data-team": "BD", text: tb.board.BD}))));
  const table = el("table", {class: "board"});
  table.append(el("thead", {}, el("tr", {},
    el("th", {text: "#"}), el("th", {text: L.contract}), el("th", {text: "AC"}), el("th", {text: "BD"}))));
  const body = el("tbody");
  for (const r of tb.rows) {
    const parts = r.made === null ? [r.contract] : [r.contract, r.card_points, r.result];
    if (r.weis && r.weis !== "–") parts.push(`${L.weis} ${r.weis}`);      // Weis and Stöck written with the game
    if (r.stoeck && r.stoeck !== "–") parts.push(`${L.stoeck} ${r.stoeck}`);
    const what = parts.join(" · ");
    body.append(el("tr", {class: r.made === false ? "missed" : ""},
      el("td", {text: r.n}), el("td", {class: "what", text: what}),
      el("td", {class: "num", text: `${r.AC}`}), el("td", {class: "num", text: `${r.BD}`})));
  }
  table.append(body);
  if (tb.rows.length) rowsBox.append(table);
  board.append(el("div", {class: "footer"}, ...tb.footer.map((f) => el("p", {text: f}))));
  rowsBox.append(el("p", {class: "hint", text: `Partie ${data.partie} · ${L.rules} ${tb.rules} · ${L.target} ${tb.target}`}));
  // the declarer select names the players
  const sel = $("g-declarer");
  sel.replaceChildren(...["A", "B", "C", "D"].map((s) => el("option", {value: s, text: data.names[s] ? `${s} ${data.names[s]}` : s})));
  const rules = CONFIG.profiles[data.rules] || CONFIG.profiles[S.rules];
  $("g-number").replaceChildren(...rules.bids.map((n) => el("option", {value: n, text: n})));
  $("g-strain").replaceChildren(...rules.strains.map((s) => el("option", {value: s, text: s})));
}

async function addGame(body) {
  try {
    const data = await api("tafel/games", {}, body);
    showError("");
    S.tab = "tafel"; save(); showTab();
    await loadTafel();
    return data;
  } catch (e) { showError(e.message); return null; }
}

function weisOf(teamId, pointsId) {
  const team = $(teamId).value, points = $(pointsId).value;
  return team && points ? {[team]: Number(points)} : undefined;
}

// -- the quiz ---------------------------------------------------------------------------------
async function loadQuiz() {
  if (!$("q-lesson").options.length) {
    try {
      const data = await api("quiz", {learner: S.learner});
      $("q-lesson").replaceChildren(...data.lessons.map((l) => el("option", {value: l.id, text: `${l.order}. ${l.title}`})));
      if (!S.learner) { S.learner = data.learner; save(); }
    } catch (e) { showError(e.message); return; }
  }
  $("q-learner").value = S.learner;
  if (S.lesson) $("q-lesson").value = S.lesson;
  S.lesson = $("q-lesson").value;
  if (!S.drill) nextDrill();
}

async function nextDrill() {
  $("q-feedback").hidden = true;
  let data;
  try { data = await api("quiz/next", {lesson: S.lesson, learner: S.learner}); showError(""); }
  catch (e) { showError(e.message); return; }
  $("q-stats").textContent = fill(T[S.lang].stats, data.stats);
  if (data.done) {
    S.drill = null;
    $("q-question").textContent = "";
    $("q-ask").textContent = t("done");
    $("q-form").hidden = true;
    return;
  }
  S.drill = data;
  const lines = data.question.split("\n");
  $("q-ask").textContent = lines.length > 1 ? lines.pop() : "";   // the question itself wraps as text
  $("q-question").textContent = lines.join("\n");
  $("q-prompt").textContent = data.prompt;
  $("q-form").hidden = false;
  $("q-answer").value = "";
}

async function answerDrill(text) {
  const d = S.drill;
  if (!text.trim()) { $("q-answer").focus(); return; }   // nothing typed: nothing to judge
  let data;
  try {
    data = await api("quiz/answer", {}, {lesson: S.lesson, source: d.source, drill: d.drill, answer: text, learner: S.learner});
    showError("");
  } catch (e) { showError(e.message); return; }
  const box = $("q-feedback");
  box.className = "feedback " + data.outcome;
  box.textContent = [data.feedback, data.yours, data.reasoning].filter(Boolean).join("\n");
  box.hidden = false;
  $("q-form").hidden = true;
  $("q-stats").textContent = fill(T[S.lang].stats, data.stats);
  S.drill = null;
}

// -- wiring ----------------------------------------------------------------------------------
function translate() {
  document.documentElement.lang = S.lang;
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
  for (const b of document.querySelectorAll("#lang button")) b.setAttribute("aria-pressed", String(b.dataset.lang === S.lang));
}

// the pad stays at the bottom of a phone's screen once the hand is in (or skipped)
function handOpen() { $("panel-bid").classList.toggle("hand-open", $("hand-box").open); }

function showTab() {
  for (const b of document.querySelectorAll(".tabs button")) b.setAttribute("aria-selected", String(b.dataset.tab === S.tab));
  $("panel-bid").hidden = S.tab !== "bid";
  $("panel-tafel").hidden = S.tab !== "tafel";
  $("panel-quiz").hidden = S.tab !== "quiz";
  if (S.tab === "tafel") loadTafel();
  if (S.tab === "quiz") loadQuiz();
}

function init() {
  $("seat").value = S.seat;
  if (S.hand.size === 9) $("hand-box").open = false;
  handOpen();
  $("dealer").value = S.dealer;
  $("rules").value = S.rules;
  translate();
  for (const b of document.querySelectorAll(".tabs button")) b.onclick = () => { S.tab = b.dataset.tab; save(); showTab(); };
  for (const b of document.querySelectorAll("#lang button")) {
    b.onclick = () => {      // each language one tap away
      if (b.dataset.lang === S.lang) return;
      S.lang = b.dataset.lang; save(); translate(); refresh();
      if (S.tab === "tafel") loadTafel();
      if (S.tab === "quiz") { S.drill = null; loadQuiz(); }
    };
  }
  $("hand-box").addEventListener("toggle", handOpen);
  $("error").onclick = () => showError("");
  window.addEventListener("resize", headerHeight);
  if (window.ResizeObserver) new ResizeObserver(headerHeight).observe(document.querySelector("header"));
  headerHeight();
  $("rules").onchange = () => { S.rules = $("rules").value; S.calls = []; save(); refresh(); };
  $("seat").onchange = () => { S.seat = $("seat").value; save(); refresh(); };
  $("dealer").onchange = () => { S.dealer = $("dealer").value; S.calls = []; save(); refresh(); };
  $("new-game").onclick = async () => {
    const seats = ["A", "B", "C", "D"];
    S.dealer = seats[(seats.indexOf(S.dealer) + 1) % 4];
    try {   // with a Partie on the Tafel, its next dealer (once it is over: the losers get Vorhand)
      const board = await api("tafel/view");
      if (board.partie !== null) {   // no Partie on the board: the dealer moves on by one
        S.dealer = board.next.dealer;
        S.partie = board.over ? null : board.partie;
      } else S.partie = null;
    } catch (e) { S.partie = null; }
    $("dealer").value = S.dealer;
    S.calls = []; S.hand.clear(); S.pending = null;
    $("hand-box").open = true;
    save(); refresh();
  };
  for (const b of document.querySelectorAll("#pad .call")) {
    b.onclick = () => {
      const word = b.dataset.call;
      const seats = legalSet().get(word) || [];
      if (word !== "fort" && seats.length > 1) { S.pending = word; drawPad(); return; }
      play(word === "fort" ? "fort" : `${seats[0]}: ${word}`);
    };
  }
  $("undo").onclick = () => { S.calls.pop(); S.pending = null; save(); refresh(); };
  $("result").onsubmit = async (ev) => {
    ev.preventDefault();
    const st = S.view.state;
    if (!st.contract) { await addGame({fort: true}); return; }
    const body = {contract: st.contract, declarer: st.declarer, card_points: Number($("result-points").value),
                  double: st.multiplier >= 2, redouble: st.multiplier === 4};
    const weis = weisOf("result-weis-team", "result-weis");
    if (weis) body.weis = weis;
    if ($("result-stoeck").value) body.stoeck = $("result-stoeck").value;
    if (await addGame(body)) $("result").reset();
  };
  $("add-game").onsubmit = async (ev) => {
    ev.preventDefault();
    const body = {contract: `${$("g-number").value} ${$("g-strain").value}`, declarer: $("g-declarer").value,
                  card_points: $("g-points").value === "" ? null : Number($("g-points").value),
                  double: $("g-double").checked, redouble: $("g-redouble").checked};
    const weis = weisOf("g-weis-team", "g-weis");
    if (weis) body.weis = weis;
    if ($("g-stoeck").value) body.stoeck = $("g-stoeck").value;
    if (await addGame(body)) $("add-game").reset();
  };
  $("g-fort").onclick = () => addGame({fort: true});
  $("tafel-undo").onclick = async () => {
    const rows = S.board ? S.board.table.rows.filter((r) => r.n !== "") : [];
    const last = rows[rows.length - 1];
    if (last && !window.confirm(fill(t("confirm_undo"), {n: last.n, game: last.contract}))) return;
    try { await api("tafel/undo", {}, {}); showError(""); } catch (e) { showError(e.message); }
    loadTafel();
  };
  $("tafel-new").onclick = () => {
    // the Partie under way stays stored, but the board goes on with the new one: ask first
    if (S.board && !S.board.table.over && S.board.table.rows.length && !window.confirm(t("confirm_new"))) return;
    $("new-partie").hidden = false; $("new-partie").scrollIntoView();
  };
  $("new-partie").onsubmit = async (ev) => {
    ev.preventDefault();
    const f = new FormData($("new-partie"));
    const names = {};
    for (const s of ["A", "B", "C", "D"]) if (f.get(s)) names[s] = f.get(s);
    try { await api("tafel/new", {}, {names, rules: S.rules}); showError(""); }
    catch (e) { showError(e.message); return; }
    loadTafel();
  };
  $("q-lesson").onchange = () => { S.lesson = $("q-lesson").value; S.drill = null; save(); nextDrill(); };
  $("q-learner").onchange = () => { S.learner = $("q-learner").value.trim(); S.drill = null; save(); nextDrill(); };
  $("q-form").onsubmit = (ev) => { ev.preventDefault(); answerDrill($("q-answer").value); };
  $("q-next").onclick = () => nextDrill();
  showTab();
  refresh();
}

init();
