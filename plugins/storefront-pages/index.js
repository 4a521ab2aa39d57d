// Gatsby requires a main entry for local plugins; the plugin's work is in node-api.ts (loaded by gatsby-node.js).
