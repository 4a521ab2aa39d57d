import { chromium } from '@playwright/test';
const b = await chromium.launch({executablePath:'/usr/bin/chromium', args:['--no-sandbox']});
const p = await b.newPage({viewport:{width:390,height:844}, isMobile:true});
const urls=[]; p.on('request', r=>urls.push(r.resourceType()+' '+r.url()));
await p.goto(process.argv[2], {waitUntil:'networkidle'}); console.log(urls.join('\n')); await b.close();
