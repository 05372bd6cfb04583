-- crypta in Neovim: `.crypta` files get the filetype `crypta`, and each one
-- opened starts (or joins) `crypta lsp`. Load it from your init.lua:
--   dofile('/path/to/crypta/editors/nvim/crypta.lua')
-- or copy it there. Works with Neovim 0.7 (Debian 12) and later.

local M = {}

-- The server command; set vim.g.crypta_lsp_cmd = { '/path/to/crypta', 'lsp' }
-- if `crypta` is not on your PATH.
local function command()
  return vim.g.crypta_lsp_cmd or { 'crypta', 'lsp' }
end

-- Neovim 0.7 detects filetypes in Vim script, where a file of `#` lines
-- reads as `conf`: say it outright, after the built-in detection.
vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  pattern = '*.crypta',
  callback = function(args)
    vim.bo[args.buf].filetype = 'crypta'
  end,
})

local client_id = nil

function M.attach(bufnr)
  if vim.lsp.start then
    -- Neovim 0.8 and later: start reuses a running client of the same name.
    vim.lsp.start({ name = 'crypta', cmd = command(), root_dir = vim.fn.getcwd() },
      { bufnr = bufnr })
    return
  end
  if client_id == nil or vim.lsp.get_client_by_id(client_id) == nil then
    client_id = vim.lsp.start_client({
      name = 'crypta',
      cmd = command(),
      root_dir = vim.fn.getcwd(),
    })
  end
  if client_id then
    vim.lsp.buf_attach_client(bufnr, client_id)
  end
end

vim.api.nvim_create_autocmd('FileType', {
  pattern = 'crypta',
  callback = function(args)
    M.attach(args.buf)
    vim.bo[args.buf].commentstring = '# %s'
  end,
})

return M
