; Inno Setup (6.3 or newer) script for the gpucalc installer (per-user by default, no administrator rights).
;
; Built by packaging\build-windows.ps1 after PyInstaller has produced packaging\dist\gpucalc\;
; by hand: iscc /DAppVersion=0.1.0 packaging\windows\gpucalc.iss
; Output: packaging\dist\gpucalc-<version>-windows-x86_64-setup.exe
; Paths below are relative to this file's folder.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#define AppName "gpucalc"
#define SourceDir "..\dist\gpucalc"

[Setup]
AppId={{7C4E2A51-3B9D-4F0E-9A6C-2D8B1E5F4A37}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher={#AppName}
AppComments=Offline GPU inference capacity planner
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\dist
OutputBaseFilename={#AppName}-{#AppVersion}-windows-x86_64-setup
SetupIconFile=..\..\resources\icons\gpucalc.ico
UninstallDisplayIcon={app}\gpucalc.exe
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
ChangesEnvironment=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
; Simplified Chinese ships with recent Inno Setup releases; older ones lack the file.
#if FileExists(AddBackslash(CompilerPath) + "Languages\ChineseSimplified.isl")
Name: "chinesesimplified"; MessagesFile: "compiler:Languages\ChineseSimplified.isl"
#endif

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked
Name: "addtopath"; Description: "Add gpucalc-cli to PATH (command line)"; GroupDescription: "Command line:"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\gpucalc.exe"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\gpucalc.exe"; Tasks: desktopicon

[Registry]
; The user's PATH gets the install folder (for gpucalc-cli.exe); removed again on uninstall.
Root: HKCU; Subkey: "Environment"; ValueType: expandsz; ValueName: "Path"; \
  ValueData: "{olddata};{app}"; Tasks: addtopath; Check: PathLacks(ExpandConstant('{app}'))

[Run]
Filename: "{app}\gpucalc.exe"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

[Code]
function PathLacks(Dir: string): Boolean;
var
  Current: string;
begin
  if not RegQueryStringValue(HKCU, 'Environment', 'Path', Current) then
    Result := True
  else
    Result := Pos(';' + Uppercase(Dir) + ';', ';' + Uppercase(Current) + ';') = 0;
end;

procedure RemoveFromPath(Dir: string);
var
  Current: string;
  Position: Integer;
begin
  if not RegQueryStringValue(HKCU, 'Environment', 'Path', Current) then
    exit;
  Current := ';' + Current + ';';
  Position := Pos(';' + Uppercase(Dir) + ';', Uppercase(Current));
  if Position = 0 then
    exit;
  Delete(Current, Position, Length(Dir) + 1);
  Current := Copy(Current, 2, Length(Current) - 2);
  RegWriteExpandStringValue(HKCU, 'Environment', 'Path', Current);
end;

procedure CurUninstallStepChanged(CurUninstallStep: TUninstallStep);
begin
  if CurUninstallStep = usPostUninstall then
    RemoveFromPath(ExpandConstant('{app}'));
end;
