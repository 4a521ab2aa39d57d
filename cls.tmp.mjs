import { chromium } from '@playwright/test';
const b = await chromium.launch({executablePath:'/usr/bin/chromium', args:['--no-sandbox']});
for (const url of process.argv.slice(2)) {
  for (const vp of [{width:412,height:823, mobile:true},{width:1350,height:940, mobile:false}]) {
  const ctx = await b.newContext({viewport:{width:vp.width,height:vp.height}, isMobile:vp.mobile, deviceScaleFactor: vp.mobile?1.75:1});
  const p = await ctx.newPage();
  await p.addInitScript(() => { window.__shifts=[]; new PerformanceObserver(l=>{for(const e of l.getEntries()){ if(e.hadRecentInput) continue; window.__shifts.push({v:e.value, t:Math.round(e.startTime), s:e.sources.map(s=>{const n=s.node; return (n&&n.nodeType===1? n.tagName.toLowerCase()+'.'+(n.className||'')+(n.getAttribute('name')?'['+n.getAttribute('name')+']':'') : String(n&&n.nodeName)) + ' ' + JSON.stringify([s.previousRect.x,s.previousRect.y,s.previousRect.width,s.previousRect.height]) + '->' + JSON.stringify([s.currentRect.x,s.currentRect.y,s.currentRect.width,s.currentRect.height])})})}}).observe({type:'layout-shift', buffered:true}); });
  await p.goto(url, {waitUntil:'networkidle'}); await p.waitForTimeout(1500);
  const shifts = await p.evaluate(()=>window.__shifts);
  const total = shifts.reduce((s,x)=>s+x.v,0);
  console.log(url, vp.width, 'CLS', total.toFixed(4)); for (const s of shifts) console.log('  ', s.v.toFixed(4), s.t, s.s.join(' | '));
  await ctx.close(); }
}
await b.close();
