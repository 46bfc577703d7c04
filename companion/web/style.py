"""The pages' one style sheet, served by Companion itself (a table may have no internet): phone
first (a 390-pixel-wide screen read at arm's length), light or dark as the phone is set."""

from companion.web.chart import CHART_CSS

CSS = (
    """\
:root { color-scheme: light dark; --fg: #1b1b1b; --bg: #fafaf7; --dim: #5d5d5d; --line: #d4d4cc;
  --mark: #0b5cad; --lead: #fff4c2; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #ececec; --bg: #141414; --dim: #a9a9a9; --line: #3a3a3a; --mark: #7fb8ff; --lead: #3a3213; }
}
* { box-sizing: border-box; }
body { margin: 0; padding: 12px 14px 32px; font: 18px/1.45 system-ui, sans-serif; color: var(--fg);
  background: var(--bg); max-width: 42rem; margin-inline: auto; }
h1 { font-size: 1.35rem; margin: 0 0 2px; }
h2 { font-size: 1.05rem; margin: 20px 0 6px; color: var(--dim); text-transform: uppercase; letter-spacing: .04em; }
p { margin: 4px 0; }
a { color: var(--mark); }
.beside, .seats, .place { color: var(--dim); margin: 0; }
.notes { margin: 6px 0; padding: 2px 10px; border-left: 4px solid var(--line); }
.lang { float: right; font-size: .95rem; padding: 12px 0 12px 16px; margin-top: -10px; }
.next { font-size: 1.2rem; font-weight: 600; padding: 8px 10px; border-left: 4px solid var(--mark);
  background: var(--lead); }
.told p { margin: 2px 0; }
.problem { border-left: 4px solid #c0392b; padding: 6px 10px; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { padding: 6px 4px; border-bottom: 1px solid var(--line); text-align: right; }
th:nth-child(2), td:nth-child(2) { text-align: left; }
td.total { font-weight: 700; }
.scroll { overflow-x: auto; }
pre { font: 15px/1.25 ui-monospace, monospace; overflow-x: auto; margin: 0; }
ol.log { padding-left: 2.4em; margin: 0; font-size: .95rem; }
ul.parts, ul.sessions { padding-left: 1.1em; margin: 0; }
ul.sessions li { margin: 8px 0; }
.dim { color: var(--dim); }
.status { float: left; font-size: .9rem; margin: 4px 0; color: var(--dim); }
.status.live { color: #1e8a3c; }
main { clear: both; }
figure.chart { margin: 4px 0 0; }
p.exports { display: flex; flex-wrap: wrap; gap: 8px; }
a.button { display: inline-block; padding: 10px 14px; border: 1px solid var(--line); border-radius: 8px;
  text-decoration: none; font-weight: 600; min-height: 44px; }
a.button.send { background: var(--mark); color: var(--bg); border-color: var(--mark); }
.who { color: var(--dim); margin: 0 0 6px; }
.turn { font-weight: 700; }
.said { padding: 8px 10px; border-left: 4px solid var(--mark); }
.said.refused, .said.moved { border-left-color: #c0392b; }
.line code { font-size: 1.05rem; }
.choices { display: grid; grid-template-columns: repeat(auto-fill, minmax(104px, 1fr)); gap: 8px; margin: 10px 0; }
.choices form { margin: 0; }
.choice { display: flex; flex-direction: column; justify-content: center; align-items: center; width: 100%;
  min-height: 56px; padding: 8px 4px; font: 600 .95rem/1.2 system-ui, sans-serif; color: var(--fg);
  background: var(--lead); border: 1px solid var(--line); border-radius: 10px; text-align: center;
  text-decoration: none; cursor: pointer; overflow-wrap: anywhere; }
.choice small { font-weight: 400; font-size: .8rem; color: var(--dim); margin-top: 2px; }
.choice.records { background: var(--bg); border: 2px solid var(--mark); }
form.typed label { display: block; color: var(--dim); font-size: .95rem; }
form.typed input { width: 100%; font: 1.05rem ui-monospace, monospace; padding: 8px; margin: 4px 0; }
form.typed button, button.undo { font: 600 1rem system-ui, sans-serif; padding: 10px 14px; border-radius: 8px;
  min-height: 44px; }
button:disabled { opacity: .5; }
"""
    + CHART_CSS
)
