<#
.SYNOPSIS
  Build the Windows bundle of gpucalc: a zipped app folder and, with Inno Setup, an installer.

.DESCRIPTION
  Output (under packaging\dist\):
    gpucalc\                                    the app folder
      gpucalc.exe                               the window (no console)
      gpucalc-cli.exe                           the command line (console), same folder and files
    gpucalc-<version>-windows-x86_64.zip        that folder, to unzip and run anywhere
    gpucalc-<version>-windows-x86_64-setup.exe  installer, only when Inno Setup's iscc.exe is found

  Prerequisites (on the build machine only; the result needs nothing installed):
    * Windows 10 or 11, 64-bit, PowerShell 5.1 or newer.
    * Python 3.11 64-bit from python.org ("py -3.11" or "python" on PATH).
    * Optional: Inno Setup 6.3 or newer (https://jrsoftware.org/isinfo.php); iscc.exe on PATH or in its
      default folder, for the installer.
  The script creates .venv and installs gpucalc with its "gui" and "packaging" extras (needs the
  package index once, or a folder of wheels: -Wheelhouse C:\wheels for an offline machine).
  Nothing else is downloaded.

.EXAMPLE
  powershell -ExecutionPolicy Bypass -File packaging\build-windows.ps1
.EXAMPLE
  powershell -ExecutionPolicy Bypass -File packaging\build-windows.ps1 -Python "py -3.11" -Wheelhouse D:\wheels
#>
param(
    [string]$Python = "python",
    [string]$Wheelhouse = "",
    [switch]$SkipInstaller
)

$ErrorActionPreference = "Stop"
Set-StrictMode -Version Latest
$Root = Split-Path -Parent $PSScriptRoot
Set-Location $Root

function Invoke-Checked {
    # Run a native command; stop the build when it fails (PowerShell does not for native tools).
    param([string]$Exe, [string[]]$Arguments)
    & $Exe @Arguments
    if ($LASTEXITCODE -ne 0) { throw "'$Exe $($Arguments -join ' ')' failed with exit code $LASTEXITCODE" }
}

$Dist = Join-Path $Root "packaging\dist"
$Work = Join-Path $Root "packaging\build"
$Venv = Join-Path $Root ".venv"
$VenvPython = Join-Path $Venv "Scripts\python.exe"

if (-not (Test-Path $VenvPython)) {
    $launcher = $Python.Split(" ")
    $launcherArgs = @()
    if ($launcher.Length -gt 1) { $launcherArgs = $launcher[1..($launcher.Length - 1)] }
    Invoke-Checked $launcher[0] ($launcherArgs + @("-m", "venv", $Venv))
}
$pipArgs = @("-m", "pip", "install", "--disable-pip-version-check", "-e", ".[gui,packaging]")
if ($Wheelhouse) { $pipArgs += @("--no-index", "--find-links", $Wheelhouse) }
Invoke-Checked $VenvPython $pipArgs

$Version = (& $VenvPython -c "import gpucalc; print(gpucalc.__version__)").Trim()
Write-Host "build-windows: gpucalc $Version for windows-x86_64"

Invoke-Checked $VenvPython @("-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
    "--distpath", $Dist, "--workpath", $Work, "packaging\gpucalc.spec")

$Bundle = Join-Path $Dist "gpucalc"
$Cli = Join-Path $Bundle "gpucalc-cli.exe"

# Quick check of the frozen app, headless: the CLI computes, the window renders once.
$env:QT_QPA_PLATFORM = "offscreen"
$json = & $Cli estimate llama-3.1-8b-instruct --gpu h100 --json | Out-String
if ($LASTEXITCODE -ne 0 -or -not ($json | ConvertFrom-Json).kv_cache_tokens) {
    throw "the frozen gpucalc-cli.exe did not produce an estimate"
}
$shot = Join-Path $Work "smoke-window.png"
Invoke-Checked $Cli @("gui", "--screenshot", $shot)
Remove-Item Env:\QT_QPA_PLATFORM

$Zip = Join-Path $Dist "gpucalc-$Version-windows-x86_64.zip"
if (Test-Path $Zip) { Remove-Item $Zip }
Compress-Archive -Path $Bundle -DestinationPath $Zip -CompressionLevel Optimal
$size = [math]::Round((Get-Item $Zip).Length / 1MB, 1)
Write-Host "build-windows: $Zip ($size MiB)"

if ($SkipInstaller) { return }
$Iscc = (Get-Command iscc.exe -ErrorAction SilentlyContinue).Source
if (-not $Iscc) {
    $candidates = @("${env:ProgramFiles(x86)}\Inno Setup 6\ISCC.exe", "$env:ProgramFiles\Inno Setup 6\ISCC.exe",
                    "$env:LOCALAPPDATA\Programs\Inno Setup 6\ISCC.exe")
    $Iscc = $candidates | Where-Object { $_ -and (Test-Path $_) } | Select-Object -First 1
}
if ($Iscc) {
    Invoke-Checked $Iscc @("/Qp", "/DAppVersion=$Version", "packaging\windows\gpucalc.iss")
    Write-Host "build-windows: $(Join-Path $Dist "gpucalc-$Version-windows-x86_64-setup.exe")"
} else {
    Write-Host "build-windows: Inno Setup (iscc.exe) not found; no installer built (the zip is the package)"
}
