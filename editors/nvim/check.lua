-- The editor check CI runs (editors/nvim/check.sh): Neovim, headless, opens
-- a broken script with crypta configured as its server by crypta.lua, waits
-- for the diagnostics the server publishes, and writes them out one per
-- line as LINE:COLUMN: MESSAGE (first line of it). Exits 1 if none came.

local here = debug.getinfo(1, 'S').source:sub(2):match('(.*/)')
-- -u NONE starts without filetype detection; a user's config has it on.
vim.cmd('filetype on')
dofile(here .. 'crypta.lua')

local script = vim.fn.argv(0)
vim.cmd('edit ' .. vim.fn.fnameescape(script))
local bufnr = vim.api.nvim_get_current_buf()

local got = vim.wait(20000, function()
  return #vim.diagnostic.get(bufnr) > 0
end, 50)

local out = {}
for _, d in ipairs(vim.diagnostic.get(bufnr)) do
  local first = vim.split(d.message, '\n')[1]
  table.insert(out, string.format('%d:%d: %s [%s]', d.lnum + 1, d.col + 1, first, d.source or '?'))
end
table.sort(out)
io.stdout:write(table.concat(out, '\n') .. '\n')
io.stdout:flush()
vim.cmd(got and 'qall!' or 'cquit! 1')
